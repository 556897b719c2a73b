import Hls, { Events } from 'hls.js';
import { useEffect, useRef, useState } from 'react';
import { offlineLessonsText as t } from '@/i18n/offline-lessons';
import type { DownloadRecord } from './downloads-store';
import { localUrl } from './media-cache';
import { OfflineLoader } from './offline-loader';
import { entryPath } from './playlists';

type State = 'loading' | 'playing' | 'paused' | 'ended' | 'error';

/**
 * Plays a kept copy with no network at all: hls.js reads the playlists, the still-encrypted
 * segments and the licence's key from this device (OfflineLoader) and decrypts as it would online.
 * The browser's own controls; nothing is reported (the copy's data was counted at its download).
 */
export default function OfflinePlayer({ record }: { record: DownloadRecord }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<State>('loading');
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !Hls.isSupported()) return void setState('error');
    const hls = new Hls({ loader: OfflineLoader, startLevel: 0, maxBufferLength: 30, enableWorker: true });
    hls.on(Events.MANIFEST_PARSED, () => void video.play().catch(() => setState('paused')));
    hls.on(Events.ERROR, (_event, data) => {
      if (data.fatal) setState('error');
    });
    hls.loadSource(localUrl(record.videoId, entryPath(record.rendition)));
    hls.attachMedia(video);
    return () => hls.destroy();
  }, [record.videoId, record.rendition]);
  return (
    <div className="flex flex-col gap-2" data-testid="offline-player" data-state={state}>
      <video
        ref={videoRef}
        controls
        playsInline
        aria-label={t.playerLabel(record.title)}
        className="aspect-video w-full rounded-lg bg-black"
        data-testid="offline-video"
        onPlaying={() => setState('playing')}
        onPause={(e) => setState(e.currentTarget.ended ? 'ended' : 'paused')}
        onEnded={() => setState('ended')}
      />
      {state === 'error' && (
        <p role="alert" className="text-sm text-destructive">
          {t.playerError}
        </p>
      )}
    </div>
  );
}
