import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { offlineLessonsText as t } from '@/i18n/offline-lessons';
import { formatDataSize } from '@/lib/format/data-size';
import { resumeDownload, resumeWhenOnline, startDownload } from './download-lesson';
import type { DownloadRecord } from './downloads-store';
import { qualityLabel } from './labels';
import { removeDownload } from './media-cache';
import { StorageLine } from './storage-line';
import { percentOf, useDownloads } from './use-downloads';

export interface OfflineDownloadProps {
  video: { id: string; title: string; renditions: ReadonlyArray<{ name: string; height: number | null; bytes: number }> };
}

/**
 * « Télécharger pour regarder hors ligne » on a bought lesson's page: the qualities with their
 * size, then the download's progress (or its pause when the connection drops), then the copy kept,
 * with « Supprimer »; under it what the site stores on this device and whether it is persistent.
 */
export default function OfflineDownload({ video }: OfflineDownloadProps) {
  const { downloads } = useDownloads();
  const record = downloads.find((d) => d.videoId === video.id) ?? null;
  useEffect(resumeWhenOnline, []);
  return (
    <section aria-label={t.download} className="flex flex-col gap-2 rounded-lg border p-3" data-testid="offline-download">
      {record ? <KeptCopy record={record} /> : <QualityChoice video={video} />}
      <StorageLine version={record ? `${record.state}:${record.bytesStored}` : 'none'} />
    </section>
  );
}

function QualityChoice({ video }: OfflineDownloadProps) {
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState(video.renditions[0]?.name ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!open) {
    return (
      <Button variant="outline" onClick={() => setOpen(true)} className="self-start">
        <Download aria-hidden="true" />
        {t.download}
      </Button>
    );
  }
  const start = async () => {
    const rendition = video.renditions.find((r) => r.name === choice);
    if (!rendition) return;
    setBusy(true);
    setError(null);
    const outcome = await startDownload(video, rendition);
    setBusy(false);
    if (!outcome.ok) setError(outcome.message || t.failed);
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{t.chooseQuality}</legend>
      {video.renditions.map((r) => (
        <label key={r.name} className="flex items-center gap-2 text-sm">
          <input type="radio" name={`offline-quality-${video.id}`} value={r.name} checked={choice === r.name} onChange={() => setChoice(r.name)} />
          {qualityLabel(r.name)} · {formatDataSize(r.bytes)}
        </label>
      ))}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button onClick={() => void start()} disabled={busy || !choice}>
          {t.start}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          {t.cancel}
        </Button>
      </div>
    </fieldset>
  );
}

function KeptCopy({ record }: { record: DownloadRecord }) {
  const percent = percentOf(record);
  return (
    <div className="flex flex-col gap-2" data-testid="offline-copy" data-state={record.state}>
      {record.state === 'complete' ? (
        <p className="text-sm font-medium text-emerald-800" data-testid="offline-complete">
          {t.complete(qualityLabel(record.rendition), formatDataSize(record.bytesStored))}
        </p>
      ) : (
        <>
          <div role="progressbar" aria-label={t.download} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 w-full overflow-hidden rounded bg-muted">
            <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <p className="text-sm" data-testid="offline-progress">
            {t.progress(percent, formatDataSize(record.bytesStored), formatDataSize(record.bytesTotal))}
          </p>
          {record.state === 'paused' && (
            <p className="text-sm text-amber-800" role="status" data-testid="offline-paused">
              {t.paused}
            </p>
          )}
        </>
      )}
      <div className="flex gap-2">
        {record.state === 'paused' && (
          <Button size="sm" onClick={() => void resumeDownload(record.videoId)}>
            {t.resume}
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={() => void removeDownload(record.videoId)}>
          {t.remove}
        </Button>
      </div>
    </div>
  );
}
