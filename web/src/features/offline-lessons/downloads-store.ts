/**
 * What this device keeps of its offline lessons, besides their files (media-cache.ts): one record
 * per lesson in localStorage (its title, the quality, the bytes, the state of the download and its
 * licence: the key, its expiry and the renewal token), and the notices of copies removed because
 * their licence was refused. Every change is told to the subscribers (the lesson page, « Mes
 * téléchargements »), in this tab and in the others.
 */

export interface LicenceCopy {
  id: string;
  renewalToken: string;
  /** base64 of the AES-128 key. */
  key: string;
  expiresAt: string;
}

export interface DownloadRecord {
  videoId: string;
  title: string;
  /** '234p' … '720p', or 'audio'. */
  rendition: string;
  /** The lesson's size at this quality (VideoRendition.bytes). */
  bytesTotal: number;
  /** What is stored so far. */
  bytesStored: number;
  state: 'downloading' | 'paused' | 'complete';
  licence: LicenceCopy;
  /** Bytes fetched and not yet reported to the month's lesson data (offline). */
  unreported: number;
  createdAt: string;
}

export const DOWNLOADS_KEY = 'lbf-offline-lessons';
const NOTICES_KEY = 'lbf-offline-lessons-notices';

type Listener = () => void;
const listeners = new Set<Listener>();

function read<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

function write(key: string, value: unknown): void {
  localStorage.setItem(key, JSON.stringify(value));
  for (const listener of listeners) listener();
}

export function listDownloads(): DownloadRecord[] {
  return Object.values(read<Record<string, DownloadRecord>>(DOWNLOADS_KEY, {})).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export function getDownload(videoId: string): DownloadRecord | null {
  return read<Record<string, DownloadRecord>>(DOWNLOADS_KEY, {})[videoId] ?? null;
}

export function saveDownload(record: DownloadRecord): void {
  write(DOWNLOADS_KEY, { ...read<Record<string, DownloadRecord>>(DOWNLOADS_KEY, {}), [record.videoId]: record });
}

/** Changes a kept record (nothing when it was removed meanwhile); returns the new one. */
export function updateDownload(videoId: string, change: Partial<DownloadRecord>): DownloadRecord | null {
  const current = getDownload(videoId);
  if (!current) return null;
  const next = { ...current, ...change };
  saveDownload(next);
  return next;
}

export function forgetDownload(videoId: string): void {
  const all = read<Record<string, DownloadRecord>>(DOWNLOADS_KEY, {});
  delete all[videoId];
  write(DOWNLOADS_KEY, all);
}

export function licenceValid(record: DownloadRecord, now = Date.now()): boolean {
  return Date.parse(record.licence.expiresAt) > now;
}

/** Why copies were removed (« … a été supprimée de vos téléchargements. Son achat a été remboursé. »), until read. */
export function notices(): string[] {
  return read<string[]>(NOTICES_KEY, []);
}

export function addNotice(text: string): void {
  write(NOTICES_KEY, [...notices(), text].slice(-10));
}

export function clearNotices(): void {
  write(NOTICES_KEY, []);
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === DOWNLOADS_KEY || event.key === NOTICES_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
