import { postOperation } from '@/data/post-operation';
import { OFFLINE_COPY_MARK } from '@/features/player/stream-url';
import { getDownload, listDownloads, saveDownload, updateDownload } from './downloads-store';
import { deleteFiles, requestPersistence, storedFile, storeFile } from './media-cache';
import { mediaFiles, playlistsOf, singleRungMaster } from './playlists';
import OFFLINE_LICENCE from './graphql/offline-licence.mutation.graphql';
import RECORD_LESSON_DATA from '@/features/player/graphql/record-lesson-data.mutation.graphql';
import START_PLAYBACK from '@/features/player/graphql/start-playback.mutation.graphql';

/**
 * Downloading a bought lesson for offline viewing: a licence first (the key, kept with the record),
 * then a playback session's files of the chosen quality, one at a time, each stored as it arrives.
 * A download cut by a dropped connection stops as « paused » and starts again where it stopped when
 * the network comes back (or on « Reprendre »): a file already stored is never fetched again, and a
 * new session is taken each time (the last one may have expired). What came over the network is
 * reported once to the month's lesson data as offline; playing the copy later costs nothing.
 */

const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
const running = new Map<string, Promise<void>>();

export type StartOutcome = { ok: true } | { ok: false; message: string };

export async function startDownload(video: { id: string; title: string }, rendition: { name: string; bytes: number }): Promise<StartOutcome> {
  const answer = await postOperation(OFFLINE_LICENCE, { videoId: video.id }).catch(() => null);
  const result = answer?.data?.offlineLicence;
  if (!result?.licence) return { ok: false, message: result?.error?.message ?? '' };
  const { id, renewalToken, key, expiresAt } = result.licence;
  await deleteFiles(video.id);
  saveDownload({
    videoId: video.id,
    title: video.title,
    rendition: rendition.name,
    bytesTotal: rendition.bytes,
    bytesStored: 0,
    state: 'downloading',
    licence: { id, renewalToken, key, expiresAt },
    unreported: 0,
    createdAt: new Date().toISOString(),
  });
  void requestPersistence();
  void import('./renewal').then(({ keepLicencesRenewed }) => keepLicencesRenewed({ now: false }));
  void resumeDownload(video.id);
  return { ok: true };
}

/** Runs (or joins) the download of a kept record that is not complete. */
export function resumeDownload(videoId: string): Promise<void> {
  const current = running.get(videoId);
  if (current) return current;
  const run = download(videoId).finally(() => running.delete(videoId));
  running.set(videoId, run);
  return run;
}

/** A FULL session's folder: `/media/stream/<token>/`. */
async function sessionBase(videoId: string): Promise<string> {
  const { data } = await postOperation(START_PLAYBACK, { videoId, visitorId: null });
  const session = data?.startPlayback.session;
  if (!session || session.mode !== 'FULL') throw new Error('no full session');
  return session.manifestUrl.replace(/master\.m3u8$/, '');
}

async function fetchBody(url: string): Promise<ArrayBuffer> {
  const res = await fetch(`${url}?${OFFLINE_COPY_MARK}`, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res.arrayBuffer();
}

/** The playlists (kept ones read back, others fetched and kept) and the media files they name. */
async function playlistFiles(videoId: string, base: string, rendition: string): Promise<string[]> {
  if (rendition !== 'audio' && !(await storedFile(videoId, 'master.m3u8'))) {
    const master = new TextDecoder().decode(await fetchBody(`${base}master.m3u8`));
    await storeFile(videoId, 'master.m3u8', singleRungMaster(master, rendition), PLAYLIST_TYPE);
  }
  const files: string[] = [];
  for (const playlist of playlistsOf(rendition)) {
    const kept = await storedFile(videoId, playlist);
    const text = kept ? await kept.text() : new TextDecoder().decode(await fetchBody(`${base}${playlist}`));
    if (!kept) await storeFile(videoId, playlist, text, PLAYLIST_TYPE);
    const folder = playlist.replace(/[^/]*$/, '');
    files.push(...mediaFiles(text).map((file) => `${folder}${file}`));
  }
  return files;
}

async function download(videoId: string): Promise<void> {
  const record = getDownload(videoId);
  if (!record || record.state === 'complete') return;
  updateDownload(videoId, { state: 'downloading' });
  try {
    const base = await sessionBase(videoId);
    for (const path of await playlistFiles(videoId, base, record.rendition)) {
      if (await storedFile(videoId, path)) continue;
      const body = await fetchBody(`${base}${path}`);
      const now = getDownload(videoId);
      // Removed while this file came: nothing more is kept.
      if (!now) return void (await deleteFiles(videoId));
      await storeFile(videoId, path, body, 'video/mp4');
      updateDownload(videoId, { bytesStored: now.bytesStored + body.byteLength, unreported: now.unreported + body.byteLength });
    }
    updateDownload(videoId, { state: 'complete' });
  } catch {
    updateDownload(videoId, { state: 'paused' });
  }
  await reportOfflineData(videoId);
}

/** The bytes this copy fetched, once, as the month's offline lesson data (kept for later when the report fails). */
async function reportOfflineData(videoId: string): Promise<void> {
  const bytes = getDownload(videoId)?.unreported ?? 0;
  if (bytes < 1) return;
  const answer = await postOperation(RECORD_LESSON_DATA, { videoId, bytes, offline: true }).catch(() => null);
  const now = getDownload(videoId);
  if (answer?.data?.recordLessonData && now) updateDownload(videoId, { unreported: Math.max(0, now.unreported - bytes) });
}

let resuming = false;

/** From now on, paused downloads start again whenever the network comes back (and now, when online). */
export function resumeWhenOnline(): void {
  if (resuming) return;
  resuming = true;
  const resumeAll = () => {
    for (const record of listDownloads()) if (record.state !== 'complete') void resumeDownload(record.videoId);
  };
  window.addEventListener('online', resumeAll);
  if (navigator.onLine) resumeAll();
}
