import { STREAM_PATH, type RenditionInfo } from '../shared/hls-contract';

/** Rules of protected playback that need no I/O: token lifetimes, stream paths, costs, progress, views. */

/** A session token lives this long by default: a lesson with pauses, not a day. */
export const DEFAULT_STREAM_TTL_SECONDS = 2 * 3600;
/** Never longer, whatever the configuration or the video's length. */
export const MAX_STREAM_TTL_SECONDS = 6 * 3600;
/** Margin over the video's own length, for pauses and seeking back. */
const TTL_MARGIN_SECONDS = 15 * 60;

/**
 * How long a session's token lives: the configured time, stretched for a video longer than it
 * (its duration and a margin), never beyond MAX_STREAM_TTL_SECONDS; the player asks for a new
 * session when it expires anyway.
 */
export function streamTtlSeconds(configured: number, durationSeconds: number | null): number {
  const base = Number.isFinite(configured) && configured > 0 ? Math.floor(configured) : DEFAULT_STREAM_TTL_SECONDS;
  const needed = durationSeconds && durationSeconds > 0 ? durationSeconds + TTL_MARGIN_SECONDS : 0;
  return Math.min(Math.max(base, needed), MAX_STREAM_TTL_SECONDS);
}

/**
 * A signed-out visitor's session token lives the preview's length and a margin, never longer than
 * the configured time: a token copied out of a visitor's page is dead within minutes (the player
 * asks for a new session, counted against the visitor's limits, when it expires).
 */
export function visitorStreamTtlSeconds(configured: number, previewSeconds: number): number {
  const base = Number.isFinite(configured) && configured > 0 ? Math.floor(configured) : DEFAULT_STREAM_TTL_SECONDS;
  return Math.min(base, Math.max(1, Math.ceil(previewSeconds)) + TTL_MARGIN_SECONDS);
}

export interface RateRule {
  points: number;
  durationSeconds: number;
}

/** Free-preview sessions a signed-out visitor may start (operations/preview-limits.ts). */
export interface PreviewLimitRules {
  /** One visitor (anonymous id behind one IP): replaying the previews of the whole catalogue stays far below. */
  sessionsPerVisitor: RateRule;
  /**
   * One IP, whatever the visitor id it sends: wider, since a mobile carrier puts many people
   * behind one address, yet it caps what a script inventing ids can start (and the views it could count).
   */
  sessionsPerIp: RateRule;
}

export const DEFAULT_PREVIEW_LIMITS: PreviewLimitRules = {
  sessionsPerVisitor: { points: 30, durationSeconds: 3600 },
  sessionsPerIp: { points: 200, durationSeconds: 3600 },
};

/** What follows the mount of the stream routes: `<token>/<file>` where file is a STREAM_PATH or `key`. */
export type StreamRequest = { token: string; file: { kind: 'key' } | { kind: 'file'; path: string } };

/**
 * Splits `/<token>/<path>` (the request's path after /media/stream, query string removed) without
 * decoding it: a percent sign, `..`, a doubled or trailing slash or any other name matches neither
 * STREAM_PATH nor `key`, so an encoded traversal never reaches storage. Null when it names nothing
 * servable (404); the token itself is checked by the caller.
 */
export function parseStreamRequest(rawPath: string): StreamRequest | null {
  const m = /^\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)\/(.+)$/.exec(rawPath);
  if (!m) return null;
  const [, token, path] = m;
  if (path === 'key') return { token: token!, file: { kind: 'key' } };
  return STREAM_PATH.test(path!) ? { token: token!, file: { kind: 'file', path: path! } } : null;
}

/** Content types of the files a stream URL may name (never sniffed by the browser: nosniff). */
export function streamContentType(path: string): string {
  return path.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp4';
}

/** A ladder rung as the data-cost labels show it. */
export interface RenditionView {
  name: string;
  height: number | null;
  bandwidth: number;
  megabytes: number;
  /** Exact bytes of the whole lesson at this rung (audio included). */
  bytes: number;
}

const AUDIO = 'audio';

/**
 * The ladder for display: lowest first, audio-only last; a video rung's cost includes the shared
 * audio it plays with. Megabytes are 10^6 bytes with one decimal ('≈ 15 Mo pour cette leçon').
 */
export function renditionViews(list: readonly RenditionInfo[]): RenditionView[] {
  const audio = list.find((r) => r.name === AUDIO) ?? null;
  const videos = list.filter((r) => r.name !== AUDIO).sort((a, b) => a.bandwidth - b.bandwidth || (a.height ?? 0) - (b.height ?? 0));
  const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;
  const view = (r: RenditionInfo, bytes: number): RenditionView => ({ name: r.name, height: r.height, bandwidth: r.bandwidth, megabytes: mb(bytes), bytes });
  const views: RenditionView[] = videos.map((r) => view(r, r.bytes + (audio?.bytes ?? 0)));
  if (audio) views.push(view({ ...audio, height: null }, audio.bytes));
  return views;
}

/** The last 5 % of a video counts as watched. */
export const COMPLETED_RATIO = 0.95;

/** A position as saved: not negative, not past the end when the duration is known. Null for a non-number. */
export function clampPosition(positionSeconds: number, durationSeconds: number | null): number | null {
  if (!Number.isFinite(positionSeconds)) return null;
  const p = Math.max(0, positionSeconds);
  return durationSeconds && durationSeconds > 0 ? Math.min(p, durationSeconds) : p;
}

export interface ProgressView {
  positionSeconds: number;
  percent: number;
  completed: boolean;
}

export function progressView(positionSeconds: number, durationSeconds: number | null): ProgressView {
  if (!durationSeconds || durationSeconds <= 0) return { positionSeconds, percent: 0, completed: false };
  const ratio = Math.min(1, Math.max(0, positionSeconds / durationSeconds));
  return { positionSeconds, percent: Math.round(ratio * 100), completed: ratio >= COMPLETED_RATIO };
}

/** Where a FULL session resumes: the saved position, unless the viewer had finished (then from the start). */
export function resumeAt(positionSeconds: number | null, durationSeconds: number | null): number | null {
  if (positionSeconds === null || positionSeconds <= 0) return null;
  return progressView(positionSeconds, durationSeconds).completed ? null : positionSeconds;
}

/** A view counts only once a playback session has run this long. */
export const VIEW_AFTER_MS = 10_000;

export function viewCountable(startedAtMs: number | null, nowMs: number): boolean {
  return startedAtMs !== null && nowMs - startedAtMs >= VIEW_AFTER_MS;
}

/** The UTC day a view counts for, YYYY-MM-DD. */
export function viewDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** A month's lesson data of one person stops growing here (100 Go): a runaway or forged client. */
export const LESSON_DATA_MONTHLY_CAP_BYTES = 100e9;

/**
 * What one report of lesson data may add: a whole number of bytes from 1 (null: refused), at most
 * twice every file of the video's ladders (full and preview: what exists to download, with room
 * for a seek back past the buffer); more is clamped, not refused, so a real report is not lost.
 */
export function lessonDataReport(bytes: number, video: { hlsRenditions: readonly RenditionInfo[]; previewRenditions: readonly RenditionInfo[] }): number | null {
  if (!Number.isSafeInteger(bytes) || bytes < 1) return null;
  const ladder = [...video.hlsRenditions, ...video.previewRenditions].reduce((sum, r) => sum + r.bytes, 0);
  return Math.min(bytes, 2 * ladder);
}

/** The calendar month (UTC) a report counts in: its first day, YYYY-MM-01. */
export function lessonDataMonth(at: Date): string {
  return `${at.toISOString().slice(0, 7)}-01`;
}
