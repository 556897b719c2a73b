/**
 * Playback URLs are `/media/stream/<token>/<path>`: one token covers the whole session's files.
 * When a session is renewed, requests still to come (playlists, segments, the key) are sent with
 * the new token: the path after it stays the same for the same video version and mode.
 */
const STREAM = /^(.*\/media\/stream\/)([^/?#]+)(\/[^?#]*)(.*)$/;

export interface StreamParts {
  token: string;
  /** What follows the token: '/master.m3u8', '/234p/seg_00003.m4s', '/key'. */
  path: string;
}

export function streamParts(url: string): StreamParts | null {
  const match = STREAM.exec(url);
  return match ? { token: match[2]!, path: match[3]! } : null;
}

/** The same file under another session's token; other URLs unchanged. */
export function withToken(url: string, token: string): string {
  const match = STREAM.exec(url);
  return match ? `${match[1]}${token}${match[3]}${match[4]}` : url;
}

/** The AES-128 key of a session (the playlists' `../key`): the one request that needs the access token. */
export function isKeyUrl(url: string): boolean {
  return streamParts(url)?.path === '/key';
}

/** A media file of a session (an init or media segment, not a playlist nor the key): what lesson data counts. */
export function isMediaUrl(url: string): boolean {
  return /\/(?:init\.mp4|seg_\d+\.m4s)$/.test(streamParts(url)?.path ?? '');
}

/** The folder of a manifest below its token: two sessions with the same one serve the same files. */
export function streamFolder(manifestUrl: string): string | null {
  const parts = streamParts(manifestUrl);
  return parts ? parts.path.replace(/[^/]*$/, '') : null;
}

/**
 * Marks the requests of an offline copy's download (features/offline-lessons): the lesson data meter
 * leaves them out, since the download reports them itself, once, as offline data.
 */
export const OFFLINE_COPY_MARK = 'copie=hors-ligne';

/**
 * Marks the requests made ahead of hls.js (first-pieces.ts): the lesson data meter leaves them out
 * of the page's count and counts each file once, when the player takes it.
 */
export const FIRST_PIECES_MARK = 'avance=1';
