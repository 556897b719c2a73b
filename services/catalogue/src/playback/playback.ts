import { ok, type AuthUser, type Redis, type Result } from '@lbf/service-kit';
import { VISITOR_ID } from '@lbf/proto-events';
import { ownsItem } from '../entitlements';
import { findVideo } from '../items';
import type { MediaSigner, StreamGrant, StreamScope } from '../media';
import type { CatalogueDeps } from '../shared/deps';
import { messages, refused } from '../shared/errors';
import { isUuid } from '../shared/query-helpers';
import type { PreviewLimits } from './preview-limits';
import { renditionViews, resumeAt, streamTtlSeconds, visitorStreamTtlSeconds, type RenditionView } from './rules';
import { videoKeyOf } from './store';
import { savedProgress } from './watch-progress';

/** The playback room's deps: the catalogue's, and its settings. */
export type PlaybackDeps = Pick<CatalogueDeps, 'ds' | 'uow'> & { playback: PlaybackSettings };

/** What playback needs besides the database: the token signer, Redis (session starts) and the token lifetime. */
export interface PlaybackSettings {
  signer: MediaSigner;
  redis: Redis;
  /** REDIS_KEY_PREFIX: the session starts live under it, like the service's other keys. */
  redisKeyPrefix: string;
  /** Configured lifetime of a session's token (streamTtlSeconds stretches it for long videos). */
  streamTtlSeconds: number;
  /** How many free previews signed-out visitors may start, per visitor and per IP. */
  previewLimits: PreviewLimits;
}

export type PlaybackMode = 'FULL' | 'PREVIEW';

export interface PlaybackSessionView {
  videoId: string;
  mode: PlaybackMode;
  manifestUrl: string;
  audioUrl: string;
  expiresAt: string;
  durationSeconds: number | null;
  resumeAtSeconds: number | null;
  renditions: RenditionView[];
}

/** The viewer as the verified access token gives it. */
export interface Viewer {
  userId: string;
  sessionId: string;
  admin: boolean;
}

export function viewerOf(user: AuthUser): Viewer {
  return { userId: user.userId, sessionId: user.sessionId, admin: user.roles.includes('admin') };
}

/** A signed-out visitor: the anonymous id their browser keeps (the one page visits carry) and their IP. */
export interface VisitorViewer {
  visitorId: string;
  ip: string | null;
}

export type PlaybackViewer = Viewer | VisitorViewer;

export function isVisitor<V extends { userId: string } | { visitorId: string }>(viewer: V): viewer is Extract<V, { visitorId: string }> {
  return 'visitorId' in viewer;
}

/** A visitor's id as the client sent it: refused when it is not one the browser makes. */
export function visitorOf(visitorId: string | null | undefined, ip: string | null): Result<VisitorViewer> {
  if (!visitorId || !VISITOR_ID.test(visitorId)) return refused('VALIDATION', messages.invalidVisitorId, 'visitorId');
  return ok({ visitorId, ip });
}

/**
 * Whose playback starts and views these are in Redis: the user id, or `visitor:<id>` for a visitor
 * (a visitor id never contains ':', so it can never be taken for a user's key).
 */
export function viewerKey(viewer: { userId: string } | { visitorId: string }): string {
  return isVisitor(viewer) ? `visitor:${viewer.visitorId}` : viewer.userId;
}

/** The whole video: administrators, and buyers with a live entitlement (read now, so a purchase a second ago counts). */
export async function mayWatchFull(deps: Pick<CatalogueDeps, 'ds'>, viewer: { userId: string; admin: boolean }, videoId: string): Promise<boolean> {
  return viewer.admin || ownsItem(deps.ds, viewer.userId, videoId);
}

/** Where a stream token's files are served from (see media/stream-routes.ts). */
export function streamUrl(token: string, path: string): string {
  return `/media/stream/${token}/${path}`;
}

/** Redis key of a viewer's latest playback start of a video (`viewer`: viewerKey): countVideoView reads it. */
export function playbackStartKey(prefix: string, viewer: string, videoId: string): string {
  return `${prefix}:catalogue:playback-start:${viewer}:${videoId}`;
}

/** What a start records: when (epoch ms) and in which mode, for the view event. */
export function parsePlaybackStart(value: string | null): { startedAtMs: number; mode: PlaybackMode } | null {
  const m = value ? /^(\d+):(FULL|PREVIEW)$/.exec(value) : null;
  return m ? { startedAtMs: Number(m[1]), mode: m[2] as PlaybackMode } : null;
}

/**
 * startPlayback: one session of a READY video. FULL for an administrator or a buyer, PREVIEW for
 * anyone else signed in, and for a signed-out visitor (never more, and only within the visitor's
 * and their IP's limits), when the video has a preview. The token covers the whole version and
 * scope; the session's start is kept in Redis (the first one while it lives), so a view counts
 * only after 10 s of it.
 */
export async function startPlayback(
  deps: PlaybackDeps,
  videoId: string,
  viewer: PlaybackViewer,
  now = new Date(),
): Promise<Result<PlaybackSessionView>> {
  const visitor = isVisitor(viewer);
  // Counted before any work, like every limit here: a refused start costs a Redis increment only.
  if (visitor && (await deps.playback.previewLimits.consumeSession(viewer.ip, viewer.visitorId)) !== null) {
    return refused('RATE_LIMITED', messages.previewRateLimited);
  }
  const video = await findVideo(deps, videoId);
  if (!video) return refused('NOT_FOUND', messages.videoNotFound);
  if (video.hlsVersion === null) return refused('NOT_READY', messages.videoNotReady);
  const full = visitor ? false : await mayWatchFull(deps, viewer, video.id);
  if (!full && !video.previewRenditions.length) return refused('NO_PREVIEW', messages.noPreview);
  const scope: StreamScope = full ? 'full' : 'preview';
  const mode: PlaybackMode = full ? 'FULL' : 'PREVIEW';
  const durationSeconds = full ? video.durationSeconds : (video.hlsPreviewSeconds ?? video.previewSeconds);

  const { signer, redis, redisKeyPrefix } = deps.playback;
  const ttl = visitor
    ? visitorStreamTtlSeconds(deps.playback.streamTtlSeconds, durationSeconds ?? video.previewSeconds)
    : streamTtlSeconds(deps.playback.streamTtlSeconds, durationSeconds);
  const iat = Math.floor(now.getTime() / 1000);
  const key = viewerKey(viewer);
  // A visitor's token names no access-token session: the key route refuses it (scope preview) anyway.
  const grant: StreamGrant = { videoId: video.id, version: video.hlsVersion, scope, userId: key, sessionId: visitor ? '' : viewer.sessionId, iat, exp: iat + ttl };
  const token = signer.signStream(grant);

  const [saved] = await Promise.all([
    full && !visitor ? savedProgress(deps.ds, viewer.userId, video.id) : Promise.resolve(null),
    redis.set(playbackStartKey(redisKeyPrefix, key, video.id), `${now.getTime()}:${mode}`, 'EX', ttl, 'NX'),
  ]);
  return ok({
    videoId: video.id,
    mode,
    manifestUrl: streamUrl(token, 'master.m3u8'),
    audioUrl: streamUrl(token, 'audio/index.m3u8'),
    expiresAt: new Date(grant.exp * 1000).toISOString(),
    durationSeconds,
    resumeAtSeconds: full ? resumeAt(saved?.positionSeconds ?? null, video.durationSeconds) : null,
    renditions: renditionViews(full ? video.hlsRenditions : video.previewRenditions),
  });
}

export type KeyVerdict = { ok: true; key: Buffer } | { ok: false; status: 401 | 403 | 404 };

/**
 * The key route's decision, on every request: a FULL token, a live access token (bans and
 * sign-outs are read from Redis by the verifier) of the token's own user and session, and then an
 * administrator's role or a live entitlement. Nothing is cached: a refund stops the key at once.
 */
export async function videoKeyFor(deps: Pick<CatalogueDeps, 'ds'>, grant: StreamGrant, auth: AuthUser | null): Promise<KeyVerdict> {
  if (grant.scope !== 'full') return { ok: false, status: 403 };
  if (!auth) return { ok: false, status: 401 };
  if (auth.userId !== grant.userId || auth.sessionId !== grant.sessionId) return { ok: false, status: 403 };
  if (!isUuid(grant.videoId)) return { ok: false, status: 404 };
  const [allowed, key] = await Promise.all([
    mayWatchFull(deps, { userId: auth.userId, admin: auth.roles.includes('admin') }, grant.videoId),
    videoKeyOf(deps.ds.manager, grant.videoId),
  ]);
  if (!allowed) return { ok: false, status: 403 };
  return key && key.length === 16 ? { ok: true, key } : { ok: false, status: 404 };
}
