import { useApolloClient, useApolloQuery } from '@/data/hooks';
import { Play, Video as VideoIcon, X } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { usePage } from '@/hooks/use-page';
import { fr } from '@/i18n/fr';
import { formatDate } from '@/lib/format/date';
import { formatDuration } from '@/lib/format/duration';
import { formatCount } from '@/lib/format/number';
import { adminFr } from '@/i18n/admin';
import { toastFailure, toastSuccess } from '../lib/errors';
import { openPendingTab } from '../lib/files';
import { useClampPage } from '../lib/use-clamp-page';
import { useCsvExport } from '../lib/use-csv-export';
import { useLogError } from '../lib/use-log-error';
import { usePageFor, useUrlParam, useUrlSearch } from '../lib/use-url-state';
import { DataList, type Column } from '../components/data-list';
import { IconAction } from '../components/icon-action';
import { AddButton, EditDeleteActions, ExportButton, FormScreen, ListBody } from '../components/list-screen';
import { ListSearch } from '../components/list-search';
import { PageHeader } from '../components/page-header';
import { ListSkeleton } from '../components/skeleton';
import { useDeleteRow } from '../components/use-delete-row';
import { ADMIN_VIDEO_PLAYBACK, ADMIN_VIDEO_ROW_QUERY, ADMIN_VIDEOS_PAGE, DELETE_VIDEO, EXPORT_VIDEOS_CSV, PAGE_SIZE, type AdminVideo } from './operations';
import { isBeingPrepared, ProcessingStatus } from './processing-status';
import { VideoEditDialog } from './video-edit-dialog';
import { VideoUploadForm } from './video-upload-form';

const t = adminFr.videos;
/** How often the list refreshes while a video is being prepared. */
const PROCESSING_POLL_MS = 2000;

const columns: ReadonlyArray<Column<AdminVideo>> = [
  {
    header: t.columns.title,
    cell: (video) => (
      <span className="flex min-w-0 items-center gap-3">
        {video.thumbnailUrl ? (
          <img src={video.thumbnailUrl} alt="" loading="lazy" className="aspect-video w-16 shrink-0 rounded border object-cover" />
        ) : (
          <span className="grid aspect-video w-16 shrink-0 place-items-center rounded border bg-muted text-muted-foreground">
            <VideoIcon className="size-5" aria-hidden="true" />
          </span>
        )}
        <span className="min-w-0">
          <span className="line-clamp-2 break-words">{video.title}</span>
          <span className="block text-xs font-normal text-muted-foreground">{video.categoryLabel}</span>
        </span>
      </span>
    ),
  },
  { header: t.columns.state, cell: (video) => <ProcessingStatus video={video} /> },
  { header: t.columns.duration, cell: (video) => formatDuration(video.durationSeconds), numeric: true },
  { header: t.columns.views, cell: (video) => formatCount(video.viewCount), numeric: true },
  { header: t.columns.downloads, cell: (video) => formatCount(video.downloadCount), numeric: true },
  { header: t.columns.createdAt, cell: (video) => formatDate(video.createdAt) },
];

/**
 * The video a link asks for (?video=<id>, the bell's failed processing): its row, state and actions
 * above the list, wherever it is in the list; 'Voir toutes les vidéos' removes the parameter.
 */
function VideoFocus({ id, actions, onClose }: { id: string; actions(video: AdminVideo): ReactNode; onClose(): void }) {
  const { data, loading, error, startPolling, stopPolling } = useApolloQuery(ADMIN_VIDEO_ROW_QUERY, { variables: { id }, fetchPolicy: 'cache-and-network' });
  useLogError(error, 'AdminVideoRow');
  const video = data?.video;
  const preparing = video ? isBeingPrepared(video) : false;
  useEffect(() => {
    if (!preparing) return;
    startPolling(PROCESSING_POLL_MS);
    return () => stopPolling();
  }, [preparing, startPolling, stopPolling]);

  let body;
  if (video) body = <DataList label={t.focus.title} rows={[video]} columns={columns} rowKey={(v) => v.id} actionsHeader={t.columns.actions} actions={actions} />;
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

/**
 * /admin/videos (spec §2 Admin videos): list with count, Exporter, 'Ajouter une vidéo', table.
 * The search is kept in the URL (?search=…, the top bar's video hits); ?video=<id> shows that
 * video first (the bell's failed processing).
 */
export default function AdminVideosPage() {
  usePage(fr.admin.nav.videos);
  const client = useApolloClient();
  const [mode, setMode] = useState<'list' | 'upload'>('list');
  const { search, input, setInput } = useUrlSearch();
  const [focusId, setFocusId] = useUrlParam('video');
  const [page, setPage] = usePageFor(search);
  const [editing, setEditing] = useState<AdminVideo | null>(null);
  const { data, previousData, loading, error, refetch, startPolling, stopPolling } = useApolloQuery(ADMIN_VIDEOS_PAGE, {
    variables: { search: search || null, page, pageSize: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  // Live 'Traitement 42 %': poll while a video of the page is waiting for or in the pipeline, not otherwise.
  const preparing = data?.videos.items.some(isBeingPrepared) ?? false;
  useEffect(() => {
    if (!preparing) return;
    startPolling(PROCESSING_POLL_MS);
    return () => stopPolling();
  }, [preparing, startPolling, stopPolling]);
  useLogError(error, 'AdminVideosPage');
  const { exportCsv, exporting } = useCsvExport(EXPORT_VIDEOS_CSV, 'exportVideosCsv', t.exportFile);
  const { askDelete, dialog: deleteDialog } = useDeleteRow<AdminVideo, 'deleteVideo'>({
    mutation: DELETE_VIDEO,
    field: 'deleteVideo',
    confirm: t.confirmDelete,
    failure: t.deleteFailure,
    onDeleted: (video) => {
      toastSuccess(t.deleted, t.deletedText(video.title));
      if (video.id === focusId) setFocusId(null);
    },
    reload: () => refetch(),
  });

  // While a new search is answered, the previous rows stay on screen (no skeleton at each key).
  const videos = (data ?? previousData)?.videos;
  useClampPage(videos?.totalPages, page, setPage);

  const play = async (video: AdminVideo) => {
    const tab = openPendingTab();
    try {
      const { data: playback } = await client.query({ query: ADMIN_VIDEO_PLAYBACK, variables: { id: video.id }, fetchPolicy: 'no-cache' });
      const url = playback?.video?.playbackUrl;
      if (!url) throw new Error('no playback URL');
      tab.go(url);
    } catch (err) {
      tab.cancel();
      console.error(t.noUrl, err);
      toastFailure(t.noUrl);
    }
  };

  const actions = (video: AdminVideo) => (
    <>
      <IconAction label={t.play(video.title)} tooltip={t.playShort} onClick={() => void play(video)}>
        <Play aria-hidden="true" />
      </IconAction>
      <EditDeleteActions
        editLabel={t.editAction(video.title)}
        deleteLabel={t.deleteAction(video.title)}
        onEdit={() => setEditing(video)}
        onDelete={() => askDelete(video)}
      />
    </>
  );

  if (mode === 'upload') {
    return (
      <FormScreen key="form" title={t.formTitle} onBack={() => setMode('list')}>
        <VideoUploadForm
          limits={data?.uploadLimits}
          onUploaded={() => {
            setMode('list');
            setPage(1);
            void refetch({ search: search || null, page: 1, pageSize: PAGE_SIZE });
          }}
        />
      </FormScreen>
    );
  }

  return (
    <div key="list">
      <PageHeader
        title={fr.admin.nav.videos}
        subtitle={videos ? t.count(videos.total) : '\u00a0'}
        actions={
          <>
            <ExportButton exporting={exporting} onExport={() => void exportCsv()} />
            <AddButton label={t.add} onClick={() => setMode('upload')} />
          </>
        }
      />

      {focusId && <VideoFocus key={focusId} id={focusId} actions={actions} onClose={() => setFocusId(null)} />}

      <ListSearch id="videos-search" label={t.search} placeholder={t.searchPlaceholder} value={input} onChange={setInput} />

      <ListBody
        rows={videos?.items}
        loading={loading}
        empty={{ icon: <VideoIcon />, text: t.empty, addLabel: t.add, onAdd: () => setMode('upload') }}
        label={fr.admin.nav.videos}
        columns={columns}
        actionsHeader={t.columns.actions}
        actions={actions}
        paging={videos && { page: videos.page, totalPages: videos.totalPages, onPage: setPage }}
        search={search ? { text: search, onClear: () => setInput('') } : undefined}
      />

      <VideoEditDialog video={editing} onClose={() => setEditing(null)} />
      {deleteDialog}
    </div>
  );
}
