import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { offlineLessonsText as t } from '@/i18n/offline-lessons';
import { formatDataSize } from '@/lib/format/data-size';
import { resumeWhenOnline } from './download-lesson';
import { clearNotices, licenceValid, type DownloadRecord } from './downloads-store';
import { removeDownload } from './media-cache';
import { qualityLabel } from './labels';
import { StorageLine } from './storage-line';
import { percentOf, useDownloads } from './use-downloads';

// hls.js comes only with a kept copy: fetched as soon as the list shows one, while there may still be a
// network, so that « Regarder » works with none.
const loadPlayer = () => import('./offline-player');
const OfflinePlayer = lazy(loadPlayer);

const expiry = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * « Mes téléchargements » in the customer dashboard: the lessons kept on this device, each with its
 * quality, its size and its licence's expiry, « Regarder » (offline too) and « Supprimer »; the
 * notices of copies removed because their licence was refused; the storage estimate.
 */
export default function MyDownloads() {
  const { downloads, notices } = useDownloads();
  const [playing, setPlaying] = useState<string | null>(null);
  useEffect(resumeWhenOnline, []);
  const anyComplete = downloads.some((d) => d.state === 'complete');
  useEffect(() => {
    if (anyComplete) void loadPlayer().catch(() => undefined);
  }, [anyComplete]);
  return (
    <section aria-labelledby="my-downloads-title" className="flex flex-col gap-3" data-testid="my-downloads">
      <h2 id="my-downloads-title" className="text-xl font-bold">
        {t.myDownloads}
      </h2>
      {notices.length > 0 && (
        <div role="alert" className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="offline-notices">
          {notices.map((notice) => (
            <p key={notice}>{notice}</p>
          ))}
          <Button size="sm" variant="outline" className="self-start" onClick={clearNotices}>
            {t.dismiss}
          </Button>
        </div>
      )}
      {downloads.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.none}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {downloads.map((record) => (
            <DownloadRow key={record.videoId} record={record} playing={playing === record.videoId} onPlay={(on) => setPlaying(on ? record.videoId : null)} />
          ))}
        </ul>
      )}
      {downloads.length > 0 && <StorageLine version={downloads.map((d) => `${d.videoId}:${d.bytesStored}`).join(',')} />}
    </section>
  );
}

function DownloadRow({ record, playing, onPlay }: { record: DownloadRecord; playing: boolean; onPlay(on: boolean): void }) {
  const valid = licenceValid(record);
  const remove = async () => {
    await removeDownload(record.videoId);
    toast.success(t.removed);
  };
  return (
    <li className="flex flex-col gap-2 rounded-lg border p-3" data-testid="my-download" data-video-id={record.videoId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex flex-col gap-0.5 text-sm">
          <span className="font-semibold">{record.title}</span>
          <span>
            {qualityLabel(record.rendition)} · {t.size(formatDataSize(record.bytesStored))}
          </span>
          {record.state !== 'complete' && <span>{t.inProgress(percentOf(record))}</span>}
          <span className={valid ? 'text-muted-foreground' : 'text-destructive'} data-testid="licence-expiry">
            {valid ? t.licenceUntil(expiry.format(new Date(record.licence.expiresAt))) : t.licenceExpired}
          </span>
        </div>
        <div className="flex gap-2">
          {record.state === 'complete' && valid && (
            <Button size="sm" onClick={() => onPlay(!playing)}>
              {playing ? t.close : t.watch}
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={() => void remove()}>
            {t.remove}
          </Button>
        </div>
      </div>
      {playing && (
        <Suspense fallback={null}>
          <OfflinePlayer record={record} />
        </Suspense>
      )}
    </li>
  );
}
