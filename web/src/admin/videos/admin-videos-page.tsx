import { Video as VideoIcon } from 'lucide-react';
import { useState } from 'react';
import { usePage } from '@/hooks/use-page';
import { fr } from '@/i18n/fr';
import { adminFr } from '@/i18n/admin';
import { useUrlParam } from '../lib/use-url-state';
import { CatalogueItemsScreen, useCatalogueItems } from '../components/catalogue-items-screen';
import { PAGE_SIZE, type AdminVideo } from './operations';
import { isBeingPrepared } from './processing-status';
import { usePollWhile } from './use-poll-while';
import { videoColumns } from './video-columns';
import { VideoEditDialog } from './video-edit-dialog';
import { VideoFocus } from './video-focus';
import { VideoRowActions } from './video-row-actions';
import { VideoUploadForm } from './video-upload-form';
import ADMIN_VIDEOS_PAGE from './graphql/admin-videos-page.query.graphql';
import DELETE_VIDEO from './graphql/delete-video.mutation.graphql';
import EXPORT_VIDEOS_CSV from './graphql/export-videos-csv.query.graphql';

const t = adminFr.videos;

/**
 * /admin/videos (spec §2 Admin videos): list with count, Exporter, 'Ajouter une vidéo', table.
 * The search is kept in the URL (?search=…, the top bar's video hits); ?video=<id> shows that
 * video first (the bell's failed processing).
 */
export default function AdminVideosPage() {
  usePage(fr.admin.nav.videos);
  const [focusId, setFocusId] = useUrlParam('video');
  const [editing, setEditing] = useState<AdminVideo | null>(null);
  const items = useCatalogueItems({
    query: ADMIN_VIDEOS_PAGE,
    pageSize: PAGE_SIZE,
    pick: (data) => data.videos,
    what: 'AdminVideosPage',
    texts: t,
    exportQuery: EXPORT_VIDEOS_CSV,
    exportField: 'exportVideosCsv',
    deleteMutation: DELETE_VIDEO,
    deleteField: 'deleteVideo',
    onDeleted: (video) => {
      if (video.id === focusId) setFocusId(null);
    },
  });
  const { view, adding } = items;
  // Polls while a video of the page is waiting for or in the pipeline.
  usePollWhile(view.data?.videos.items.some(isBeingPrepared) ?? false, view);
  const actions = (video: AdminVideo) => <VideoRowActions video={video} onEdit={setEditing} onDelete={items.askDelete} />;

  return (
    <CatalogueItemsScreen
      title={fr.admin.nav.videos}
      texts={t}
      icon={<VideoIcon />}
      searchId="videos-search"
      items={items}
      uploadForm={<VideoUploadForm limits={view.data?.uploadLimits} onUploaded={adding.added} />}
      above={focusId && <VideoFocus key={focusId} id={focusId} actions={actions} onClose={() => setFocusId(null)} />}
      columns={videoColumns}
      actions={actions}
    >
      <VideoEditDialog video={editing} onClose={() => setEditing(null)} />
    </CatalogueItemsScreen>
  );
}
