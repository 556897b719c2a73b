import type { PlaybackSession } from './operations';
import { FIRST_PIECES_MARK, streamParts } from './stream-url';

/**
 * Instant start (issue 25 point 1): once a playback session is known, every file its first frame
 * needs is asked for at once (the master playlist, the lowest rung's and the audio's playlists, the
 * key, both init segments and, from the start of the lesson, both first segments), instead of one
 * after the other as hls.js finds them in the playlists it has read: one round trip instead of
 * five, and all of it while the player's code may still be on its way. hls.js then takes each file
 * from here, once (FirstPiecesLoader in hls-playback.ts); what it asks for that is not here goes to
 * the network as usual. No hls.js import: this runs before the player's chunk has come.
 */

/** Mirrors the catalogue's segment length (hls-ladder.ts SEGMENT_SECONDS): seg_00000 covers the first 2 s. */
const FIRST_SEGMENT_SECONDS = 2;

/** Files asked for and not taken within this time are dropped (the viewer left, or a new session came). */
const KEEP_MS = 120_000;
/**
 * A file not come by then is given up, and hls.js asks the network itself, with its own timeouts
 * and retries (a connection that dropped mid-request would otherwise hold the player forever).
 */
const PIECE_TIMEOUT_MS = 20_000;

export interface FirstPiece {
  data: ArrayBuffer;
  /** performance.now() when asked, at the first byte and at the end: hls.js's bandwidth estimate reads them. */
  start: number;
  first: number;
  end: number;
  /** What came over the network (Resource Timing's transferSize; the body's length where unknown). */
  transferred: number;
}

interface Asked {
  at: number;
  piece: Promise<FirstPiece | null>;
}

/** By URL without the mark: `/media/stream/<token>/<path>`. */
const asked = new Map<string, Asked>();
/** The sessions (by token) whose files were asked for: once each, even after hls.js took them. */
const sessions = new Map<string, number>();

/** The paths, below the session's token, of what the first frame needs, in the order it needs them. */
export function firstPiecePaths(session: Pick<PlaybackSession, 'mode' | 'renditions' | 'resumeAtSeconds'>, audioOnly: boolean): string[] {
  const lowest = session.renditions.find((r) => r.height !== null)?.name;
  const tracks = audioOnly || !lowest ? ['audio'] : [lowest, 'audio'];
  const paths = [...(audioOnly ? [] : ['master.m3u8']), ...tracks.map((t) => `${t}/index.m3u8`)];
  // The preview is not encrypted; a lesson's key needs the viewer's access token.
  if (session.mode === 'FULL') paths.push('key');
  paths.push(...tracks.map((t) => `${t}/init.mp4`));
  // From a saved position, the segment to start on depends on the playlist: hls.js asks for it.
  if ((session.resumeAtSeconds ?? 0) < FIRST_SEGMENT_SECONDS) paths.push(...tracks.map((t) => `${t}/seg_00000.m4s`));
  return paths;
}

async function fetchPiece(url: string, headers: Record<string, string>): Promise<FirstPiece | null> {
  const start = performance.now();
  const marked = `${url}${url.includes('?') ? '&' : '?'}${FIRST_PIECES_MARK}`;
  try {
    const res = await fetch(marked, { headers, credentials: 'same-origin', signal: AbortSignal.timeout(PIECE_TIMEOUT_MS) });
    const first = performance.now();
    if (!res.ok) return null;
    const data = await res.arrayBuffer();
    const end = performance.now();
    const timing = performance.getEntriesByName(new URL(marked, location.href).href).at(-1) as PerformanceResourceTiming | undefined;
    return { data, start, first, end, transferred: timing?.transferSize || data.byteLength };
  } catch {
    return null;
  }
}

/**
 * Asks for the first frame's files of `session`, once per session (a second call, from the player
 * after the page's early ask, changes nothing). `accessToken`: the viewer's, for the key.
 */
export function fetchFirstPieces(session: PlaybackSession, accessToken: string | null, audioOnly = false): void {
  const parts = streamParts(session.manifestUrl);
  if (!parts || sessions.has(parts.token)) return;
  const now = Date.now();
  for (const [url, entry] of asked) if (now - entry.at > KEEP_MS) asked.delete(url);
  for (const [token, at] of sessions) if (now - at > KEEP_MS) sessions.delete(token);
  sessions.set(parts.token, now);
  const base = session.manifestUrl.slice(0, session.manifestUrl.length - parts.path.length + 1);
  for (const path of firstPiecePaths(session, audioOnly)) {
    const url = absolute(base + path);
    if (asked.has(url)) continue;
    const headers: Record<string, string> = path === 'key' && accessToken ? { authorization: `Bearer ${accessToken}` } : {};
    if (path === 'key' && !accessToken) continue;
    asked.set(url, { at: now, piece: fetchPiece(url, headers) });
  }
}

/** The file at `url` if it was asked for here (once: the next request for it goes to the network). */
export function takeFirstPiece(url: string): Promise<FirstPiece | null> | null {
  const key = absolute(url);
  const entry = asked.get(key);
  if (!entry) return null;
  asked.delete(key);
  return entry.piece;
}

function absolute(url: string): string {
  try {
    return new URL(url, location.href).href;
  } catch {
    return url;
  }
}
