import { useApolloQuery } from '@/data/hooks';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { adminFr } from '@/i18n/admin';
import { useLogError } from '../lib/use-log-error';
import { DataList } from '../components/data-list';
import { ListSkeleton } from '../components/skeleton';
import { type AdminVideo } from './operations';
import { isBeingPrepared } from './processing-status';
import { usePollWhile } from './use-poll-while';
import { videoColumns } from './video-columns';
import ADMIN_VIDEO_ROW_QUERY from './graphql/admin-video-row.query.graphql';

const t = adminFr.videos;

/**
 * The video a link asks for (?video=<id>, the bell's failed processing): its row, state and actions
 * above the list, wherever it is in the list; 'Voir toutes les vidéos' removes the parameter.
 */
export function VideoFocus({ id, actions, onClose }: { id: string; actions(video: AdminVideo): ReactNode; onClose(): void }) {
  const query = useApolloQuery(ADMIN_VIDEO_ROW_QUERY, { variables: { id }, fetchPolicy: 'cache-and-network' });
  const { data, loading, error } = query;
  useLogError(error, 'AdminVideoRow');
  const video = data?.video;
  usePollWhile(video ? isBeingPrepared(video) : false, query);

  let body;
  if (video) body = <DataList label={t.focus.title} rows={[video]} columns={videoColumns} rowKey={(v) => v.id} actionsHeader={t.columns.actions} actions={actions} />;
  else if (loading) body = <ListSkeleton rows={1} />;
  else body = <p className="text-sm text-muted-foreground">{error ? t.focus.loadFailure : t.focus.missing}</p>;

  return (
    <section aria-label={t.focus.title} className="mb-6 rounded-lg border-2 border-primary/40 bg-primary/5 p-3" data-testid="video-focus" data-video-id={id}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold">{t.focus.title}</h2>
        <Button variant="outline" size="sm" onClick={onClose}>
          <X aria-hidden="true" />
          {t.focus.close}
        </Button>
      </div>
      {body}
    </section>
  );
}
