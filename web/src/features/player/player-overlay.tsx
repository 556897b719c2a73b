import { LoaderCircle, Play, RefreshCw, TriangleAlert } from 'lucide-react';
import type { RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { playerText as t } from '@/i18n/player';
import type { MediaState, Phase } from './use-player';

/**
 * What the frame shows over the video: a failure (with its retry), a refusal, the end card, the
 * spinner, or the big play button before the first frame; nothing while it plays.
 */
export function PlayerOverlay({
  phase,
  media,
  buffering,
  current,
  previewEnded,
  videoRef,
  retry,
}: {
  phase: Phase;
  media: MediaState;
  buffering: boolean;
  current: number;
  previewEnded: boolean;
  videoRef: RefObject<HTMLVideoElement | null>;
  retry(): void;
}) {
  if (phase.kind === 'error' || phase.kind === 'unsupported') {
    return (
      <FailureCard testId="player-error" text={phase.kind === 'error' ? t.unavailable : t.unsupported} retry={phase.kind === 'error' ? retry : null} retryTestId="player-retry" />
    );
  }
  if (phase.kind === 'refused') {
    if (phase.code === 'NO_PREVIEW') return <EndCard text={phase.message} />;
    return <FailureCard testId="player-refused" text={phase.message} retry={retry} narrow />;
  }
  if (previewEnded) return <EndCard text={t.previewEndedTitle} />;
  if (phase.kind === 'starting' || media === 'loading' || buffering) {
    return (
      <div role="status" className="pointer-events-none absolute inset-0 grid place-items-center">
        <LoaderCircle className="size-10 animate-spin text-white drop-shadow" aria-hidden="true" />
        <span className="sr-only">{media === 'loading' ? t.loading : t.buffering}</span>
      </div>
    );
  }
  if (media === 'paused' && current < 0.5) {
    return (
      <button
        type="button"
        onClick={() => void videoRef.current?.play().catch(() => undefined)}
        aria-label={t.play}
        className="group absolute inset-0 grid place-items-center bg-black/20 focus-visible:outline-none"
        data-testid="player-big-play"
      >
        <span className="grid size-16 place-items-center rounded-full bg-white/95 text-primary shadow-lg group-focus-visible:ring-4 group-focus-visible:ring-ring">
          <Play className="ml-1 size-7 fill-current" aria-hidden="true" />
        </span>
      </button>
    );
  }
  return null;
}

/** A failure or a refusal over the frame: its sentence and, when trying again may help, the retry button. */
function FailureCard({ testId, text, retry, retryTestId, narrow }: { testId: string; text: string; retry: (() => void) | null; retryTestId?: string; narrow?: boolean }) {
  return (
    <div role="alert" className="absolute inset-0 grid place-items-center bg-black/80 p-4 text-center text-white">
      <div className={narrow ? 'flex max-w-sm flex-col items-center gap-3' : 'flex flex-col items-center gap-3'}>
        <TriangleAlert className="size-8 text-amber-300" aria-hidden="true" />
        <p className="font-semibold" data-testid={testId}>
          {text}
        </p>
        {retry && (
          <Button variant="secondary" onClick={retry} data-testid={retryTestId}>
            <RefreshCw aria-hidden="true" />
            {t.retry}
          </Button>
        )}
      </div>
    </div>
  );
}

/** What the frame shows when the preview is over or there is none; the offer is below it. */
function EndCard({ text }: { text: string }) {
  return (
    <div className="absolute inset-0 grid place-items-center bg-black/80 p-4 text-center">
      <p className="max-w-sm text-lg font-semibold" data-testid="player-end-card">
        {text}
      </p>
    </div>
  );
}
