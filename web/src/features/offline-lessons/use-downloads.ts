import { useEffect, useState } from 'react';
import { listDownloads, notices, subscribe, type DownloadRecord } from './downloads-store';
import { storageEstimate } from './media-cache';

/** The kept copies and the removal notices, followed as they change (this tab and the others). */
export function useDownloads(): { downloads: DownloadRecord[]; notices: string[] } {
  const [state, setState] = useState(() => ({ downloads: listDownloads(), notices: notices() }));
  useEffect(() => subscribe(() => setState({ downloads: listDownloads(), notices: notices() })), []);
  return state;
}

/** The storage estimate and whether it is persistent, read again when `version` changes. */
export function useStorageState(version: unknown): { usage: number; quota: number; persisted: boolean } | null {
  const [state, setState] = useState<{ usage: number; quota: number; persisted: boolean } | null>(null);
  useEffect(() => {
    let live = true;
    void (async () => {
      const estimate = await storageEstimate();
      const persisted = (await navigator.storage?.persisted?.().catch(() => false)) ?? false;
      if (live && estimate) setState({ ...estimate, persisted });
    })();
    return () => {
      live = false;
    };
  }, [version]);
  return state;
}

/** The part of a download stored, 0 to 100. */
export function percentOf(record: DownloadRecord): number {
  return record.bytesTotal > 0 ? Math.min(100, Math.floor((record.bytesStored / record.bytesTotal) * 100)) : 0;
}
