import { LoadStats, type HlsConfig, type Loader, type LoaderCallbacks, type LoaderConfiguration, type LoaderContext, type LoaderStats } from 'hls.js';
import { getDownload, licenceValid } from './downloads-store';
import { localParts, storedFile } from './media-cache';

/** The key of a kept copy while its licence is valid: the 16 bytes of its base64. */
function licenceKey(videoId: string): ArrayBuffer | null {
  const record = getDownload(videoId);
  if (!record?.licence.key || !licenceValid(record)) return null;
  const bytes = Uint8Array.from(atob(record.licence.key), (c) => c.charCodeAt(0));
  return bytes.length === 16 ? bytes.buffer : null;
}

/** What a local address holds: a playlist's text, a segment's bytes, or the licence's key; null when absent. */
async function readLocal(url: string, binary: boolean): Promise<string | ArrayBuffer | null> {
  const parts = localParts(url);
  if (!parts) return null;
  if (parts.path === 'key') return licenceKey(parts.videoId);
  const file = await storedFile(parts.videoId, parts.path);
  if (!file) return null;
  return binary ? file.arrayBuffer() : file.text();
}

/**
 * hls.js's loader for offline copies (its `loader`: playlists, segments and the key alike): every
 * request is answered from this device (media-cache.ts, the licence in downloads-store.ts), never
 * from the network, so the lesson plays with no connection at all. A missing file, or the key of an
 * expired licence, is a 404 for hls.js.
 */
export class OfflineLoader implements Loader<LoaderContext> {
  context: LoaderContext | null = null;
  stats: LoaderStats = new LoadStats();
  private aborted = false;

  constructor(_config: HlsConfig) {}

  load(context: LoaderContext, _config: LoaderConfiguration, callbacks: LoaderCallbacks<LoaderContext>): void {
    this.context = context;
    const stats = this.stats;
    stats.loading.start = performance.now();
    void readLocal(context.url, context.responseType === 'arraybuffer').then(
      (data) => {
        if (this.aborted) return;
        if (data === null) return callbacks.onError({ code: 404, text: 'absent de cet appareil' }, context, null, stats);
        const size = typeof data === 'string' ? data.length : data.byteLength;
        stats.loading.first = stats.loading.end = performance.now();
        stats.loaded = stats.total = size;
        callbacks.onSuccess({ url: context.url, data, code: 200 }, stats, context, null);
      },
      () => {
        if (!this.aborted) callbacks.onError({ code: 500, text: 'lecture locale impossible' }, context, null, stats);
      },
    );
  }

  abort(): void {
    this.aborted = true;
    this.stats.aborted = true;
  }

  destroy(): void {
    this.abort();
    this.context = null;
  }
}
