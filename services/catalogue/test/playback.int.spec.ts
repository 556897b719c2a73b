import { revocationKeys } from '@lbf/service-kit';
import { until, withHarness } from '@lbf/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { MediaSigner, type StreamGrant } from '../src/media/signing';
import { playbackStartKey } from '../src/playback/playback';
import { grant, refund } from './factories/entitlements';
import { decryptSegment, healthConsent, writeHlsFixture, type HlsFixture } from './factories/playback';
import { SIGNING_SECRET, setupCatalogue } from './harness';

const t = withHarness(() => setupCatalogue());
const signer = new MediaSigner(SIGNING_SECRET);

const START = `mutation($id: ID!) { startPlayback(videoId: $id) {
  session { videoId mode manifestUrl audioUrl expiresAt durationSeconds resumeAtSeconds renditions { name height bandwidth megabytes } }
  error { code message } } }`;
type Session = {
  videoId: string;
  mode: 'FULL' | 'PREVIEW';
  manifestUrl: string;
  audioUrl: string;
  expiresAt: string;
  durationSeconds: number | null;
  resumeAtSeconds: number | null;
  renditions: Array<{ name: string; height: number | null; bandwidth: number; megabytes: number }>;
};
type StartResult = { startPlayback: { session: Session | null; error: { code: string; message: string } | null } };

async function start(token: string, videoId: string): Promise<Session> {
  const res = await t.as<StartResult>(token, START, { id: videoId });
  expect(res.errors).toBeUndefined();
  expect(res.data!.startPlayback.error).toBeNull();
  return res.data!.startPlayback.session!;
}

/** The token of a session's URL. */
const tokenOf = (s: Session) => /^\/media\/stream\/([^/]+)\/master\.m3u8$/.exec(s.manifestUrl)![1]!;

/** A refused stream request's French reason. */
const refusal = async (res: Response) => ((await res.json()) as { error: string }).error;

/** GET as the gateway forwards it (its credential), with an optional Bearer. */
function get(path: string, opts: { bearer?: string; range?: string; credential?: boolean } = {}) {
  const headers: Record<string, string> = {};
  if (opts.credential !== false) headers['x-lbf-gateway-secret'] = t.subgraphSecret;
  if (opts.bearer) headers.authorization = `Bearer ${opts.bearer}`;
  if (opts.range) headers.range = opts.range;
  return fetch(`${t.origin}${path}`, { headers });
}

/** A request whose path goes out byte for byte (fetch would resolve `..` before sending). */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  const url = new URL(t.origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method: 'GET', headers: { 'x-lbf-gateway-secret': t.subgraphSecret } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

let videoA: string;
let videoB: string;
let fixA: HlsFixture;
let fixB: HlsFixture;
/** A buyer of video A. */
let buyer: { userId: string; sessionId: string; token: string };
/** Signed in, owns nothing. */
let stranger: { userId: string; sessionId: string; token: string };

beforeAll(async () => {
  t.events.listen('catalogue.video.viewed');
  videoA = await t.insertVideo({ title: 'Respirer pour mieux dormir' });
  videoB = await t.insertVideo({ title: 'Bien manger au quotidien' });
  fixA = await writeHlsFixture(t, videoA, { durationSeconds: 600, previewSeconds: 60 });
  fixB = await writeHlsFixture(t, videoB, { durationSeconds: 300 });
  buyer = t.newUser();
  stranger = t.newUser();
  await grant(t, buyer.userId, videoA);
  await healthConsent(t, buyer.userId);
});

describe('startPlayback', () => {
  it('refuses a visitor', async () => {
    const res = await t.query<StartResult>(START, { id: videoA });
    expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('says NOT_READY while the ladder is being built', async () => {
    const pending = await t.insertVideo({ title: 'En préparation' });
    const res = await t.as<StartResult>(buyer.token, START, { id: pending });
    expect(res.data!.startPlayback).toEqual({
      session: null,
      error: { code: 'NOT_READY', message: 'Cette vidéo est en cours de préparation. Réessayez dans quelques minutes.' },
    });
  });

  it('says NO_PREVIEW to a non-buyer when the video has no preview, and still plays it in full for its buyer', async () => {
    const noPreview = await t.insertVideo({ title: 'Sans aperçu' });
    await writeHlsFixture(t, noPreview, { preview: [] });
    const res = await t.as<StartResult>(stranger.token, START, { id: noPreview });
    expect(res.data!.startPlayback.error?.code).toBe('NO_PREVIEW');
    expect(res.data!.startPlayback.error?.message).toMatch(/aperçu/);
    expect(res.data!.startPlayback.session).toBeNull();
    const owner = t.newUser();
    await grant(t, owner.userId, noPreview);
    expect((await start(owner.token, noPreview)).mode).toBe('FULL');
  });

  it('gives a buyer the full ladder, a non-buyer the preview, an administrator the full ladder', async () => {
    const full = await start(buyer.token, videoA);
    expect(full).toMatchObject({ videoId: videoA, mode: 'FULL', durationSeconds: 600, resumeAtSeconds: null });
    expect(full.manifestUrl).toMatch(/^\/media\/stream\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\/master\.m3u8$/);
    expect(full.audioUrl).toBe(full.manifestUrl.replace('master.m3u8', 'audio/index.m3u8'));
    expect(full.renditions.map((r) => r.name)).toEqual(['234p', '360p', 'audio']);
    const expires = Date.parse(full.expiresAt) - Date.now();
    expect(expires).toBeGreaterThan(115 * 60_000);
    expect(expires).toBeLessThanOrEqual(2 * 3600_000);

    const preview = await start(stranger.token, videoA);
    expect(preview).toMatchObject({ mode: 'PREVIEW', durationSeconds: 60, resumeAtSeconds: null });
    expect(preview.renditions.map((r) => r.name)).toEqual(['234p', 'audio']);

    expect((await start(t.adminToken, videoA)).mode).toBe('FULL');
  });

  it('plays a purchase made a second ago in full at once', async () => {
    const newBuyer = t.newUser();
    expect((await start(newBuyer.token, videoB)).mode).toBe('PREVIEW');
    await grant(t, newBuyer.userId, videoB);
    const session = await start(newBuyer.token, videoB);
    expect(session.mode).toBe('FULL');
    const key = await get(`/media/stream/${tokenOf(session)}/key`, { bearer: newBuyer.token });
    expect(key.status).toBe(200);
    expect((await bytes(key)).equals(fixB.key)).toBe(true);
  });
});

describe('the stream routes', () => {
  let full: Session;
  let preview: Session;
  beforeAll(async () => {
    full = await start(buyer.token, videoA);
    preview = await start(stranger.token, videoA);
  });

  it('serve the playlists with their type, privately, no longer than the token', async () => {
    const master = await get(full.manifestUrl);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(master.headers.get('x-content-type-options')).toBe('nosniff');
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(master.headers.get('cache-control') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThan(7000);
    expect(maxAge).toBeLessThanOrEqual(7200);
    expect(await master.text()).toContain('234p/index.m3u8');
    const media = await get(full.manifestUrl.replace('master.m3u8', '234p/index.m3u8'));
    const text = await media.text();
    // The key URI is relative: it resolves to /media/stream/<token>/key and so carries the session.
    expect(text).toContain('#EXT-X-MAP:URI="init.mp4"\n#EXT-X-KEY:METHOD=AES-128,URI="../key"');
    expect(new URL('../key', `http://x${full.manifestUrl.replace('master.m3u8', '234p/index.m3u8')}`).pathname).toBe(`/media/stream/${tokenOf(full)}/key`);
  });

  it('serve segments as video/mp4 with Range, and the buyer decrypts them with the key', async () => {
    const segUrl = full.manifestUrl.replace('master.m3u8', '360p/seg_00001.m4s');
    const whole = await bytes(await get(segUrl));
    const ranged = await get(segUrl, { range: 'bytes=16-47' });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-type')).toBe('video/mp4');
    expect(ranged.headers.get('content-range')).toBe(`bytes 16-47/${whole.length}`);
    expect((await bytes(ranged)).equals(whole.subarray(16, 48))).toBe(true);
    // Encrypted at rest and on the wire: not the clear bytes.
    expect(whole.includes(fixA.plain('full', '360p', 1).subarray(0, 20))).toBe(false);

    const keyRes = await get(`/media/stream/${tokenOf(full)}/key`, { bearer: buyer.token });
    expect(keyRes.status).toBe(200);
    expect(keyRes.headers.get('content-type')).toBe('application/octet-stream');
    expect(keyRes.headers.get('cache-control')).toBe('private, no-store');
    const key = await bytes(keyRes);
    expect(key).toHaveLength(16);
    expect(decryptSegment(key, 1, whole).equals(fixA.plain('full', '360p', 1))).toBe(true);
  });

  it('answer the key to an administrator', async () => {
    const session = await start(t.adminToken, videoA);
    const res = await get(`/media/stream/${tokenOf(session)}/key`, { bearer: t.adminToken });
    expect(res.status).toBe(200);
    expect((await bytes(res)).equals(fixA.key)).toBe(true);
  });

  it('refuse the key without a Bearer, with another user’s or another session’s Bearer', async () => {
    const url = `/media/stream/${tokenOf(full)}/key`;
    const none = await get(url);
    expect(none.status).toBe(401);
    expect((await refusal(none))).toBe('Connexion requise pour regarder cette vidéo.');
    expect((await get(url, { bearer: stranger.token })).status).toBe(403);
    // The same buyer signed in elsewhere: another session, not this playback's.
    const elsewhere = t.newUser({ userId: buyer.userId });
    expect((await get(url, { bearer: elsewhere.token })).status).toBe(403);
    expect((await get(url, { bearer: 'pas-un-jeton' })).status).toBe(401);
  });

  it('refuse the key to a non-buyer, even with a full-scope token signed for them', async () => {
    expect((await get(`/media/stream/${tokenOf(preview)}/key`, { bearer: stranger.token })).status).toBe(403);
    const now = Math.floor(Date.now() / 1000);
    const forged = signer.signStream({ videoId: videoA, version: 1, scope: 'full', userId: stranger.userId, sessionId: stranger.sessionId, iat: now, exp: now + 600 });
    const res = await get(`/media/stream/${forged}/key`, { bearer: stranger.token });
    expect(res.status).toBe(403);
    expect((await refusal(res))).toBe("Vous n'avez pas accès à cette vidéo.");
  });

  it('give a preview token the preview only: its own clear segments, never the full files or the key', async () => {
    const seg = await get(preview.manifestUrl.replace('master.m3u8', '234p/seg_00000.m4s'));
    expect(seg.status).toBe(200);
    expect((await bytes(seg)).equals(fixA.plain('preview', '234p', 0))).toBe(true);
    // The full ladder has 360p, the preview has not: the preview token cannot name it.
    expect((await get(preview.manifestUrl.replace('master.m3u8', '360p/index.m3u8'))).status).toBe(404);
    expect((await rawGet(`/media/stream/${tokenOf(preview)}/../full/234p/seg_00000.m4s`)).status).toBe(404);
    expect((await get(`/media/stream/${tokenOf(preview)}/key`, { bearer: stranger.token })).status).toBe(403);
  });

  it('refuse a tampered, expired or re-targeted token with a French 403', async () => {
    const token = tokenOf(full);
    const [body, sig] = token.split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as StreamGrant;
    const retarget = (change: Partial<StreamGrant>) => `${Buffer.from(JSON.stringify({ ...payload, ...change })).toString('base64url')}.${sig}`;
    for (const bad of [retarget({ videoId: videoB }), retarget({ scope: 'full', exp: payload.exp + 86400 }), retarget({ version: 2 }), `${body}.${sig.slice(0, -2)}AA`]) {
      const res = await get(`/media/stream/${bad}/master.m3u8`);
      expect(res.status).toBe(403);
      expect((await refusal(res))).toBe('Lien de lecture invalide.');
    }
    const past = Math.floor(Date.now() / 1000) - 10;
    const expired = signer.signStream({ ...payload, iat: past - 600, exp: past });
    const res = await get(`/media/stream/${expired}/master.m3u8`);
    expect(res.status).toBe(403);
    expect((await refusal(res))).toBe('Cette session de lecture a expiré. Relancez la vidéo.');
    expect((await get(`/media/stream/${expired}/key`, { bearer: buyer.token })).status).toBe(403);
  });

  it('serve only the token’s own video: the same path under another video’s token is that video’s file', async () => {
    const b = await start(t.adminToken, videoB);
    const segA = await bytes(await get(full.manifestUrl.replace('master.m3u8', '234p/seg_00000.m4s')));
    const segB = await bytes(await get(b.manifestUrl.replace('master.m3u8', '234p/seg_00000.m4s')));
    expect(decryptSegment(fixA.key, 0, segA).equals(fixA.plain('full', '234p', 0))).toBe(true);
    expect(decryptSegment(fixB.key, 0, segB).equals(fixB.plain('full', '234p', 0))).toBe(true);
  });

  it.each([
    (tk: string) => `/media/stream/${tk}/../../${'x'}/master.m3u8`,
    (tk: string) => `/media/stream/${tk}/%2e%2e/%2e%2e/v2/full/master.m3u8`,
    (tk: string) => `/media/stream/${tk}/234p%2f..%2f..%2f..%2fmaster.m3u8`,
    (tk: string) => `/media/stream/${tk}/..%2f..%2f..%2f${'videoB'}/v1/full/master.m3u8`,
    (tk: string) => `/media/stream/${tk}/v1/full/master.m3u8`,
    (tk: string) => `/media/stream/${tk}/hls/master.m3u8`,
    (tk: string) => `/media/stream/${tk}/234p/seg_00000.m4s/../../../../../../etc/passwd`,
    (tk: string) => `/media/stream/${tk}/234p/index.m3u8%00`,
    (tk: string) => `/media/stream/${tk}/`,
  ])('answer 404 to a path outside the session’s folder (%#)', async (make) => {
    const path = make(tokenOf(full)).replace('videoB', videoB);
    const res = await rawGet(path);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body).error).toBe('Fichier introuvable.');
  });

  it('keep serving a session its own version after a rebuild, and cannot reach the new one from it', async () => {
    const v2 = await writeHlsFixture(t, videoB, { version: 2, durationSeconds: 300 });
    const admin = t.newUser({ admin: true });
    const v2Session = await start(admin.token, videoB);
    await t.sql.query('UPDATE catalogue.videos SET hls_version = 1 WHERE id = $1', [videoB]);
    const v1Session = await start(admin.token, videoB);
    await t.sql.query('UPDATE catalogue.videos SET hls_version = 2 WHERE id = $1', [videoB]);
    const seg = (s: Session) => get(s.manifestUrl.replace('master.m3u8', '234p/seg_00002.m4s')).then(bytes);
    expect(decryptSegment(v2.key, 2, await seg(v2Session)).equals(v2.plain('full', '234p', 2))).toBe(true);
    expect(decryptSegment(fixB.key, 2, await seg(v1Session)).equals(fixB.plain('full', '234p', 2))).toBe(true);
    expect((await rawGet(`/media/stream/${tokenOf(v1Session)}/../../v2/full/master.m3u8`)).status).toBe(404);
  });

  it('answer nothing to a caller without the gateway’s credential', async () => {
    const res = await get(full.manifestUrl, { credential: false });
    expect(res.status).toBe(401);
    expect((await get(`/media/stream/${tokenOf(full)}/key`, { credential: false, bearer: buyer.token })).status).toBe(401);
  });
});

describe('key access stops at once', () => {
  it('for a banned buyer (identity’s revocation key), and the sessions started before the ban', async () => {
    const banned = t.newUser();
    await grant(t, banned.userId, videoA);
    const session = await start(banned.token, videoA);
    const url = `/media/stream/${tokenOf(session)}/key`;
    expect((await get(url, { bearer: banned.token })).status).toBe(200);
    // As identity's ban writes it: the ban time, tokens issued up to it are dead.
    await t.redis.set(revocationKeys(t.redisKeyPrefix).user(banned.userId), String(Math.floor(Date.now() / 1000)), 'EX', 900);
    expect((await get(url, { bearer: banned.token })).status).toBe(401);
  });

  it('for a signed-out session', async () => {
    const user = t.newUser();
    await grant(t, user.userId, videoA);
    const session = await start(user.token, videoA);
    const url = `/media/stream/${tokenOf(session)}/key`;
    expect((await get(url, { bearer: user.token })).status).toBe(200);
    await t.redis.set(revocationKeys(t.redisKeyPrefix).session(user.sessionId), '1', 'EX', 900);
    expect((await get(url, { bearer: user.token })).status).toBe(401);
  });

  it('after a refund', async () => {
    const user = t.newUser();
    const order = await grant(t, user.userId, videoA);
    const session = await start(user.token, videoA);
    const url = `/media/stream/${tokenOf(session)}/key`;
    expect((await get(url, { bearer: user.token })).status).toBe(200);
    await refund(t, order);
    expect((await get(url, { bearer: user.token })).status).toBe(403);
  });
});

describe('watch progress', () => {
  const SAVE = `mutation($id: ID!, $p: Float!) { saveWatchProgress(videoId: $id, positionSeconds: $p) {
    progress { positionSeconds percent completed updatedAt } error { code message field } } }`;
  type Save = { saveWatchProgress: { progress: { positionSeconds: number; percent: number; completed: boolean; updatedAt: string } | null; error: { code: string } | null } };

  it('is refused to a viewer without the full video, and to a visitor', async () => {
    const res = await t.as<Save>(stranger.token, SAVE, { id: videoA, p: 12 });
    expect(res.data!.saveWatchProgress).toEqual({ progress: null, error: { code: 'NOT_PURCHASED', message: 'Achetez cette vidéo pour la regarder en entier.', field: null } });
    expect((await t.query<Save>(SAVE, { id: videoA, p: 12 })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('is saved, clamped to the duration, and returned as where the next session resumes', async () => {
    const saved = await t.as<Save>(buyer.token, SAVE, { id: videoA, p: 150.5 });
    expect(saved.data!.saveWatchProgress.progress).toMatchObject({ positionSeconds: 150.5, percent: 25, completed: false });
    expect((await start(buyer.token, videoA)).resumeAtSeconds).toBe(150.5);

    const clamped = await t.as<Save>(buyer.token, SAVE, { id: videoA, p: 10_000 });
    expect(clamped.data!.saveWatchProgress.progress).toMatchObject({ positionSeconds: 600, percent: 100, completed: true });
    // Finished: the next session starts over.
    expect((await start(buyer.token, videoA)).resumeAtSeconds).toBeNull();
    await t.as<Save>(buyer.token, SAVE, { id: videoA, p: 150.5 });
  });

  it('shows on Video.watchProgress, one statement for a whole list', async () => {
    const admin = t.newUser({ admin: true });
    await healthConsent(t, admin.userId);
    await t.as<Save>(admin.token, SAVE, { id: videoB, p: 30 });
    const seen: string[] = [];
    const spy = jest.spyOn(t.app.ds.logger, 'logQuery').mockImplementation((q: string) => void seen.push(q));
    let items: Array<{ id: string; watchProgress: { positionSeconds: number; percent: number } | null }> = [];
    try {
      const res = await t.as<{ videos: { items: typeof items } }>(admin.token, '{ videos(pageSize: 50) { items { id watchProgress { positionSeconds percent } } } }');
      items = res.data!.videos.items;
    } finally {
      spy.mockRestore();
    }
    expect(items.find((v) => v.id === videoB)!.watchProgress).toEqual({ positionSeconds: 30, percent: 10 });
    expect(items.find((v) => v.id === videoA)!.watchProgress).toBeNull();
    expect(seen.filter((q) => /\bwatch_progress\b/.test(q))).toHaveLength(1);
    const visitor = await t.query<{ video: { watchProgress: unknown } }>('query($id: ID!) { video(id: $id) { watchProgress { percent } } }', { id: videoA });
    expect(visitor.data!.video.watchProgress).toBeNull();
  });
});

describe('Video fields', () => {
  const FIELDS = `query($id: ID!) { video(id: $id) { hasPreview previewSeconds playbackUrl renditions { name height bandwidth megabytes } } }`;
  type Fields = { video: { hasPreview: boolean; previewSeconds: number; playbackUrl: string | null; renditions: Session['renditions'] } };

  it('hasPreview, renditions with their cost, and the source URL for administrators only', async () => {
    const asBuyer = (await t.as<Fields>(buyer.token, FIELDS, { id: videoA })).data!.video;
    expect(asBuyer.hasPreview).toBe(true);
    expect(asBuyer.previewSeconds).toBe(60);
    expect(asBuyer.playbackUrl).toBeNull();
    const rows = (await t.sql.query('SELECT hls_renditions FROM catalogue.videos WHERE id = $1', [videoA])).rows[0].hls_renditions as Array<{ name: string; bytes: number }>;
    const audio = rows.find((r) => r.name === 'audio')!.bytes;
    const r234 = rows.find((r) => r.name === '234p')!.bytes;
    expect(asBuyer.renditions.map((r) => r.name)).toEqual(['234p', '360p', 'audio']);
    expect(asBuyer.renditions[0]).toEqual({ name: '234p', height: 234, bandwidth: 200_000, megabytes: Math.round((r234 + audio) / 1e5) / 10 });
    expect(asBuyer.renditions[2]!.height).toBeNull();
    expect((await t.asAdmin<Fields>(FIELDS, { id: videoA })).data!.video.playbackUrl).toMatch(/^\/media\/videos\//);

    const pending = await t.insertVideo({ title: 'Pas encore prêt' });
    const p = (await t.query<Fields>(FIELDS, { id: pending })).data!.video;
    expect(p).toMatchObject({ hasPreview: false, renditions: [], playbackUrl: null });
  });
});

describe('countVideoView', () => {
  const COUNT = `mutation($id: ID!) { countVideoView(videoId: $id) { counted viewCount error { code message } } }`;
  type Count = { countVideoView: { counted: boolean; viewCount: number | null; error: { code: string } | null } };
  const count = (token: string, id: string) => t.as<Count>(token, COUNT, { id }).then((r) => r.data!.countVideoView);
  const viewCount = async (id: string) => (await t.sql.query('SELECT view_count FROM catalogue.videos WHERE id = $1', [id])).rows[0].view_count as number;
  /** Moves the viewer's recorded playback start back in time, as if they had been watching. */
  const startedAgo = async (userId: string, videoId: string, ms: number) => {
    const key = playbackStartKey(t.redisKeyPrefix, userId, videoId);
    const [, mode] = (await t.redis.get(key))!.split(':');
    await t.redis.set(key, `${Date.now() - ms}:${mode}`, 'KEEPTTL');
  };

  it('counts nothing without a playback session, nor before 10 s of it', async () => {
    const viewer = t.newUser();
    const before = await viewCount(videoA);
    expect(await count(viewer.token, videoA)).toEqual({ counted: false, viewCount: before, error: null });
    await start(viewer.token, videoA);
    expect(await count(viewer.token, videoA)).toEqual({ counted: false, viewCount: before, error: null });
    expect(await t.redis.ttl(playbackStartKey(t.redisKeyPrefix, viewer.userId, videoA))).toBeGreaterThan(0);
    await startedAgo(viewer.userId, videoA, 9_000);
    expect((await count(viewer.token, videoA)).counted).toBe(false);
    expect(await viewCount(videoA)).toBe(before);
  });

  it('counts once per viewer, video and day after 10 s, and publishes catalogue.video.viewed', async () => {
    const viewer = t.newUser();
    const before = await viewCount(videoA);
    await start(viewer.token, videoA);
    await startedAgo(viewer.userId, videoA, 10_500);
    expect(await count(viewer.token, videoA)).toEqual({ counted: true, viewCount: before + 1, error: null });
    expect(await count(viewer.token, videoA)).toEqual({ counted: false, viewCount: before + 1, error: null });
    const event = await until(() => t.events.find('catalogue.video.viewed', (d) => d.userId === viewer.userId), 5000, 'catalogue.video.viewed');
    expect(event.data).toMatchObject({ videoId: videoA, userId: viewer.userId, viewedOn: new Date().toISOString().slice(0, 10), mode: 'PREVIEW' });
    // Yesterday's view does not stop today's.
    const other = t.newUser();
    await t.sql.query(`INSERT INTO catalogue.video_views (video_id, user_id, viewed_on) VALUES ($1, $2, (now() AT TIME ZONE 'UTC')::date - 1)`, [videoA, other.userId]);
    await start(other.token, videoA);
    await startedAgo(other.userId, videoA, 11_000);
    expect((await count(other.token, videoA)).counted).toBe(true);
    expect(await viewCount(videoA)).toBe(before + 2);
  });

  it('counts parallel calls once, and a buyer’s view as FULL', async () => {
    const before = await viewCount(videoA);
    const viewer = t.newUser();
    await grant(t, viewer.userId, videoA);
    await start(viewer.token, videoA);
    await startedAgo(viewer.userId, videoA, 20_000);
    const results = await Promise.all(Array.from({ length: 8 }, () => count(viewer.token, videoA)));
    expect(results.filter((r) => r.counted)).toHaveLength(1);
    expect(await viewCount(videoA)).toBe(before + 1);
    const event = await until(() => t.events.find('catalogue.video.viewed', (d) => d.userId === viewer.userId), 5000, 'catalogue.video.viewed');
    expect(event.data.mode).toBe('FULL');
    await new Promise((r) => setTimeout(r, 200));
    expect(t.events.seen.filter((e) => e.data.userId === viewer.userId)).toHaveLength(1);
  });

  it('refuses a visitor and an unknown video', async () => {
    expect((await t.query<Count>(COUNT, { id: videoA })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await count(buyer.token, randomUUID())).error?.code).toBe('NOT_FOUND');
  });
});
