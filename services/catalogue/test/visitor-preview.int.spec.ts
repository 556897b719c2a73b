import { gatewayHeaders, gql, until, withHarness } from '@lbf/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { MediaSigner, type StreamGrant } from '../src/media/signing';
import { playbackStartKey } from '../src/playback/playback';
import { writeHlsFixture, type HlsFixture } from './factories/playback';
import { SIGNING_SECRET, setupCatalogue } from './harness';

/**
 * The spec's "visitors … see a free preview of videos": a signed-out visitor, named by the
 * anonymous id their browser keeps, plays the preview rendition only, within limits per visitor
 * and per IP, and their views count once per visitor, video and day.
 */
const t = withHarness(() => setupCatalogue({ previewLimits: LIMITS }));
const signer = new MediaSigner(SIGNING_SECRET);
// Small limits, so the test reaches them: 3 sessions per visitor, 5 per IP, per hour.
const LIMITS = { sessionsPerVisitor: { points: 3, durationSeconds: 3600 }, sessionsPerIp: { points: 5, durationSeconds: 3600 } };

const START = `mutation($id: ID!, $visitor: String) { startPlayback(videoId: $id, visitorId: $visitor) {
  session { videoId mode manifestUrl audioUrl expiresAt durationSeconds resumeAtSeconds renditions { name } }
  error { code message field } } }`;
const COUNT = `mutation($id: ID!, $visitor: String) { countVideoView(videoId: $id, visitorId: $visitor) { counted viewCount error { code message } } }`;
type Session = { videoId: string; mode: string; manifestUrl: string; audioUrl: string; expiresAt: string; durationSeconds: number | null; resumeAtSeconds: number | null; renditions: Array<{ name: string }> };
type StartResult = { startPlayback: { session: Session | null; error: { code: string; message: string; field: string | null } | null } };
type CountResult = { countVideoView: { counted: boolean; viewCount: number | null; error: { code: string } | null } };

let nextIp = 10;
/** A fresh client address (the gateway forwards it as X-Forwarded-For), so each test has its own limits. */
const newIp = () => `198.51.100.${nextIp++}`;
const newVisitor = () => `visiteur-${randomUUID()}`;

/** As the gateway forwards a signed-out visitor's request: its credential and the client's IP. */
function asVisitor<T>(ip: string, query: string, variables: Record<string, unknown>) {
  return gql<T>(t.app.url, query, variables, { ...gatewayHeaders(t.subgraphSecret), 'x-forwarded-for': ip });
}

async function startAsVisitor(ip: string, visitor: string | null, videoId: string) {
  const res = await asVisitor<StartResult>(ip, START, { id: videoId, visitor });
  expect(res.errors).toBeUndefined();
  return res.data!.startPlayback;
}

const tokenOf = (s: Session) => /^\/media\/stream\/([^/]+)\/master\.m3u8$/.exec(s.manifestUrl)![1]!;

/** GET on the stream routes as the gateway's /media proxy forwards it, with an optional Bearer. */
function get(path: string, bearer?: string) {
  return fetch(`${t.origin}${path}`, { headers: gatewayHeaders(t.subgraphSecret, bearer) });
}

/** A request whose path goes out byte for byte (fetch would resolve `..` before sending). */
function rawGet(path: string): Promise<number> {
  const url = new URL(t.origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method: 'GET', headers: gatewayHeaders(t.subgraphSecret) }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

let video: string;
let fix: HlsFixture;

beforeAll(async () => {
  t.events.listen('catalogue.video.viewed');
  video = await t.insertVideo({ title: 'Les plantes qui soignent' });
  fix = await writeHlsFixture(t, video, { durationSeconds: 600, previewSeconds: 60 });
});

describe('a signed-out visitor', () => {
  it('gets the free preview only: its rendition, its length, a token that lives the preview and a margin', async () => {
    const result = await startAsVisitor(newIp(), newVisitor(), video);
    expect(result.error).toBeNull();
    const session = result.session!;
    expect(session).toMatchObject({ videoId: video, mode: 'PREVIEW', durationSeconds: 60, resumeAtSeconds: null });
    expect(session.renditions.map((r) => r.name)).toEqual(['234p', 'audio']);
    const life = Date.parse(session.expiresAt) - Date.now();
    expect(life).toBeGreaterThan(15 * 60_000);
    expect(life).toBeLessThanOrEqual((60 + 15 * 60) * 1000);
    const grant = JSON.parse(Buffer.from(tokenOf(session).split('.')[0]!, 'base64url').toString()) as StreamGrant;
    expect(grant).toMatchObject({ videoId: video, scope: 'preview', sessionId: '' });
    expect(grant.userId).toMatch(/^visitor:visiteur-/);

    const master = await get(session.manifestUrl);
    expect(master.status).toBe(200);
    expect(await master.text()).not.toContain('360p');
    const seg = await get(session.manifestUrl.replace('master.m3u8', '234p/seg_00000.m4s'));
    expect(seg.status).toBe(200);
    expect((await bytes(seg)).equals(fix.plain('preview', '234p', 0))).toBe(true);
  });

  it('is refused the encrypted full ladder and the key, however the request is written', async () => {
    const session = (await startAsVisitor(newIp(), newVisitor(), video)).session!;
    const token = tokenOf(session);
    // The full ladder's rung the preview has not.
    expect((await get(session.manifestUrl.replace('master.m3u8', '360p/index.m3u8'))).status).toBe(404);
    expect((await get(session.manifestUrl.replace('master.m3u8', '360p/seg_00000.m4s'))).status).toBe(404);
    // Out of the preview folder into the full one, plain and encoded.
    for (const path of [`/media/stream/${token}/../full/234p/seg_00000.m4s`, `/media/stream/${token}/%2e%2e/full/234p/seg_00000.m4s`, `/media/stream/${token}/..%2ffull%2fmaster.m3u8`]) {
      expect(await rawGet(path)).toBe(404);
    }
    // The key: without a Bearer, with a customer's, with an administrator's.
    for (const bearer of [undefined, t.customerToken, t.adminToken]) {
      const key = await get(`/media/stream/${token}/key`, bearer);
      expect(key.status).toBe(403);
      expect(await bytes(key)).not.toEqual(fix.key);
    }
    // The token turned into a full one loses its signature.
    const [body, sig] = token.split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as StreamGrant;
    const full = `${Buffer.from(JSON.stringify({ ...payload, scope: 'full' })).toString('base64url')}.${sig}`;
    expect((await get(`/media/stream/${full}/234p/seg_00000.m4s`)).status).toBe(403);
    expect((await get(`/media/stream/${full}/key`)).status).toBe(403);
    // Even a correctly signed full token naming the visitor gets no key: it needs a buyer's Bearer.
    const now = Math.floor(Date.now() / 1000);
    const signed = signer.signStream({ ...payload, scope: 'full', iat: now, exp: now + 600 });
    expect((await get(`/media/stream/${signed}/key`)).status).toBe(401);
  });

  it('needs a visitor id the browser would make: none is UNAUTHENTICATED, a malformed one VALIDATION', async () => {
    const none = await asVisitor<StartResult>(newIp(), START, { id: video, visitor: null });
    expect(none.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    for (const bad of ['court', 'a:b:c:d:e:f:g', 'x'.repeat(65), '../../etc']) {
      const r = await startAsVisitor(newIp(), bad, video);
      expect(r).toEqual({ session: null, error: { code: 'VALIDATION', message: 'Identifiant de visiteur invalide.', field: 'visitorId' } });
    }
  });

  it('starts a few previews per visitor and more per IP, then RATE_LIMITED; another IP and a signed-in viewer are not held back', async () => {
    const ip = newIp();
    const first = newVisitor();
    for (let i = 0; i < 3; i++) expect((await startAsVisitor(ip, first, video)).session?.mode).toBe('PREVIEW');
    const refused = await startAsVisitor(ip, first, video);
    expect(refused).toEqual({
      session: null,
      error: { code: 'RATE_LIMITED', message: "Trop d'aperçus lancés depuis votre connexion. Veuillez réessayer dans quelques minutes.", field: null },
    });
    // New visitor ids from the same address: the IP's ceiling (5) holds whatever id is sent.
    const second = await startAsVisitor(ip, newVisitor(), video);
    expect(second.session?.mode).toBe('PREVIEW');
    expect((await startAsVisitor(ip, newVisitor(), video)).error?.code).toBe('RATE_LIMITED');
    expect((await startAsVisitor(ip, newVisitor(), video)).error?.code).toBe('RATE_LIMITED');
    // Parallel starts from a fresh address cannot all slip under the ceiling.
    const burstIp = newIp();
    const burst = await Promise.all(Array.from({ length: 12 }, () => startAsVisitor(burstIp, newVisitor(), video)));
    expect(burst.filter((r) => r.session)).toHaveLength(5);
    // Another address, and a signed-in viewer behind the blocked one.
    expect((await startAsVisitor(newIp(), first, video)).session?.mode).toBe('PREVIEW');
    const user = t.newUser();
    const signedIn = await gql<StartResult>(t.app.url, START, { id: video, visitor: first }, { ...gatewayHeaders(t.subgraphSecret, user.token), 'x-forwarded-for': ip });
    expect(signedIn.data!.startPlayback.session?.mode).toBe('PREVIEW');
  });
});

describe('a signed-out visitor’s views', () => {
  const viewCount = async () => (await t.sql.query('SELECT view_count FROM catalogue.videos WHERE id = $1', [video])).rows[0].view_count as number;
  const count = async (ip: string, visitor: string) => (await asVisitor<CountResult>(ip, COUNT, { id: video, visitor })).data!.countVideoView;
  /** Moves the visitor's recorded playback start back in time, as if they had been watching. */
  const startedAgo = async (visitor: string, ms: number) => {
    const key = playbackStartKey(t.redisKeyPrefix, `visitor:${visitor}`, video);
    const [, mode] = (await t.redis.get(key))!.split(':');
    await t.redis.set(key, `${Date.now() - ms}:${mode}`, 'KEEPTTL');
  };

  it('count once per visitor, video and day after 10 s of preview, and publish catalogue.video.viewed with the visitor id', async () => {
    const ip = newIp();
    const visitor = newVisitor();
    const before = await viewCount();
    await startAsVisitor(ip, visitor, video);
    expect(await count(ip, visitor)).toEqual({ counted: false, viewCount: before, error: null });
    await startedAgo(visitor, 10_500);
    expect(await count(ip, visitor)).toEqual({ counted: true, viewCount: before + 1, error: null });
    // Again the same day, also from another address and with a new session: once.
    expect((await count(newIp(), visitor)).counted).toBe(false);
    await startAsVisitor(newIp(), visitor, video);
    expect((await count(ip, visitor)).counted).toBe(false);
    expect(await viewCount()).toBe(before + 1);
    const event = await until(() => t.events.find('catalogue.video.viewed', (d) => d.visitorId === visitor), 5000, 'catalogue.video.viewed');
    expect(event.data).toEqual({ videoId: video, userId: null, visitorId: visitor, viewedOn: new Date().toISOString().slice(0, 10), mode: 'PREVIEW', occurredAt: expect.any(String) });

    // Yesterday's view does not stop today's; parallel calls count once.
    const other = newVisitor();
    await t.sql.query(`INSERT INTO catalogue.visitor_video_views (video_id, visitor_id, viewed_on) VALUES ($1, $2, (now() AT TIME ZONE 'UTC')::date - 1)`, [video, other]);
    await startAsVisitor(ip, other, video);
    await startedAgo(other, 11_000);
    const results = await Promise.all(Array.from({ length: 6 }, () => count(ip, other)));
    expect(results.filter((r) => r.counted)).toHaveLength(1);
    expect(await viewCount()).toBe(before + 2);
  });

  it('count nothing for a visitor id that never started a preview (an invented one)', async () => {
    const before = await viewCount();
    const results = await Promise.all(Array.from({ length: 5 }, () => count(newIp(), newVisitor())));
    expect(results.every((r) => !r.counted)).toBe(true);
    expect(await viewCount()).toBe(before);
  });

  it('never mix with a signed-in user’s views', async () => {
    const user = t.newUser();
    // A user's session start is under their user id, never under a visitor key, and the reverse.
    const visitor = newVisitor();
    await startAsVisitor(newIp(), visitor, video);
    expect(await t.redis.exists(playbackStartKey(t.redisKeyPrefix, `visitor:${visitor}`, video))).toBe(1);
    expect(await t.redis.exists(playbackStartKey(t.redisKeyPrefix, visitor, video))).toBe(0);
    await startedAgo(visitor, 12_000);
    const asUser = await gql<CountResult>(t.app.url, COUNT, { id: video, visitor }, gatewayHeaders(t.subgraphSecret, user.token));
    expect(asUser.data!.countVideoView.counted).toBe(false);
  });
});
