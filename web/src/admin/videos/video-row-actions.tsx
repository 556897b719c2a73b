import { useApolloClient } from '@/data/hooks';
import { Play } from 'lucide-react';
import { adminFr } from '@/i18n/admin';
import { toastFailure } from '../lib/errors';
import { openPendingTab } from '../lib/files';
import { IconAction } from '../components/icon-action';
import { EditDeleteActions } from '../components/list-screen';
import { type AdminVideo } from './operations';
import ADMIN_VIDEO_PLAYBACK from './graphql/admin-video-playback.query.graphql';

const t = adminFr.videos;

/**
 * 'Lire': a tab opened at once (a popup blocker allows it only within the click), sent to the
 * video's playback URL once the server gave it, closed with 'URL de la vidéo non disponible.' if not.
 */
function usePlayVideo() {
  const client = useApolloClient();
  return async (video: AdminVideo) => {
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
}

/** A video row's actions: play, edit, delete. */
export function VideoRowActions({ video, onEdit, onDelete }: { video: AdminVideo; onEdit(video: AdminVideo): void; onDelete(video: AdminVideo): void }) {
  const play = usePlayVideo();
  return (
    <>
      <IconAction label={t.play(video.title)} tooltip={t.playShort} onClick={() => void play(video)}>
        <Play aria-hidden="true" />
      </IconAction>
      <EditDeleteActions texts={t} name={video.title} onEdit={() => onEdit(video)} onDelete={() => onDelete(video)} />
    </>
  );
}
