import { useApolloMutation } from '@/data/hooks';
import { RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { VideoProcessingState } from '@/generated/graphql';
import { adminFr } from '@/i18n/admin';
import { reportFailure, resultOf, toastSuccess } from '../lib/errors';
import { ToneBadge } from '../components/status-badge';
import { type AdminVideo } from './operations';
import RETRY_VIDEO_PROCESSING from './graphql/retry-video-processing.mutation.graphql';

const t = adminFr.videos;

const tone = { PENDING: 'muted', PROCESSING: 'warning', READY: 'success', FAILED: 'danger' } as const satisfies Record<VideoProcessingState, string>;

/** Whether the list must keep polling: a video waits for or is in the streaming pipeline. */
export function isBeingPrepared(video: AdminVideo): boolean {
  const state = video.processing?.state;
  return state === 'PENDING' || state === 'PROCESSING';
}

/**
 * A video's place in the streaming pipeline: 'En attente', 'Traitement 42 %' with a bar, 'Prêt',
 * or 'Échec' with the reason and 'Réessayer'.
 */
export function ProcessingStatus({ video }: { video: AdminVideo }) {
  const p = video.processing;
  const [retry, { loading }] = useApolloMutation(RETRY_VIDEO_PROCESSING);
  if (!p) return null;
  const label = p.state === 'PROCESSING' ? t.processing.PROCESSING(p.progress) : t.processing[p.state];

  const onRetry = async () => {
    try {
      const { data } = await retry({ variables: { id: video.id } });
      resultOf(data, 'retryVideoProcessing');
      toastSuccess(t.retried, t.retriedText(video.title));
    } catch (err) {
      reportFailure(err, t.retryFailure);
    }
  };

  return (
    <span className="flex min-w-28 flex-col items-start gap-1" data-testid="video-processing" data-state={p.state}>
      <ToneBadge tone={tone[p.state]} data-state={p.state}>
        {label}
      </ToneBadge>
      {p.state === 'PROCESSING' && (
        <span
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={p.progress}
          className="h-1 w-24 overflow-hidden rounded-full bg-muted"
        >
          <span className="block h-full bg-primary transition-[width] duration-500" style={{ width: `${p.progress}%` }} />
        </span>
      )}
      {p.state === 'FAILED' && (
        <>
          {p.error && <span className="max-w-56 text-xs text-destructive">{p.error}</span>}
          <Button variant="outline" size="sm" className="h-7 gap-1 px-2 text-xs" aria-label={t.retryAction(video.title)} disabled={loading} onClick={() => void onRetry()}>
            <RotateCcw className="size-3.5" aria-hidden="true" />
            {t.retry}
          </Button>
        </>
      )}
    </span>
  );
}
