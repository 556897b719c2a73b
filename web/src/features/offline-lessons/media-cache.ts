import { forgetDownload } from './downloads-store';

/**
 * The files of offline lessons, in Cache Storage, exactly as the server sent them (the segments
 * still AES-128 encrypted; the key stays with the licence, downloads-store.ts). Each is kept under
 * a local address, `/__offline/<video id>/<path>` (`234p/seg_00003.m4s`, `audio/index.m3u8`), which
 * nothing on the network serves: the playlists' relative URIs resolve there, `../key` included.
 * The cache's name does not start with `lbf-`: the service worker deletes those it does not know.
 */
const CACHE = 'offline-lessons-v1';
const PREFIX = '/__offline/';

export function localUrl(videoId: string, path: string): string {
  return `${PREFIX}${videoId}/${path}`;
}

/** The video and path a local address names, or null. */
export function localParts(url: string): { videoId: string; path: string } | null {
  const pathname = new URL(url, window.location.href).pathname;
  const m = /^\/__offline\/([^/]+)\/(.+)$/.exec(pathname);
  return m ? { videoId: m[1]!, path: m[2]! } : null;
}

const open = () => caches.open(CACHE);

export async function storedFile(videoId: string, path: string): Promise<Response | null> {
  return (await (await open()).match(localUrl(videoId, path))) ?? null;
}

export async function storeFile(videoId: string, path: string, body: ArrayBuffer | string, contentType: string): Promise<void> {
  await (await open()).put(localUrl(videoId, path), new Response(body, { headers: { 'content-type': contentType } }));
}

/** Deletes every file of a lesson. */
export async function deleteFiles(videoId: string): Promise<void> {
  const cache = await open();
  const prefix = localUrl(videoId, '');
  const files = (await cache.keys()).filter((request) => new URL(request.url).pathname.startsWith(prefix));
  await Promise.all(files.map((request) => cache.delete(request)));
}

/** How much the site stores on this device, and how much it may (StorageManager), when the browser says. */
export async function storageEstimate(): Promise<{ usage: number; quota: number } | null> {
  const estimate = await navigator.storage?.estimate?.().catch(() => null);
  return estimate && typeof estimate.usage === 'number' && typeof estimate.quota === 'number' ? { usage: estimate.usage, quota: estimate.quota } : null;
}

/** Asks that the browser never evict the site's storage to make room; true when granted. */
export async function requestPersistence(): Promise<boolean> {
  if (!navigator.storage?.persist) return false;
  return (await navigator.storage.persisted?.().catch(() => false)) || navigator.storage.persist().catch(() => false);
}

/**
 * Removes a lesson from this device: its files, then its record, so that « Mes téléchargements »
 * says it is gone once it is (a page closed midway leaves the record, and « Supprimer » again).
 */
export async function removeDownload(videoId: string): Promise<void> {
  await deleteFiles(videoId);
  forgetDownload(videoId);
}
