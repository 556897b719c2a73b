import { CONSENT_VERSIONS } from '@lbf/proto-events';
import { until, withHarness } from '@lbf/service-kit/testing';
import { HEALTH_CONSENTS_CONSUMER } from '../src/playback';
import { grant } from './factories/entitlements';
import { writeHlsFixture } from './factories/playback';
import { setupCatalogue } from './harness';

const t = withHarness(() => setupCatalogue());

const SAVE = `mutation($id: ID!, $p: Float!) { saveWatchProgress(videoId: $id, positionSeconds: $p) { progress { positionSeconds } error { code } } }`;
const START = `mutation($id: ID!) { startPlayback(videoId: $id) { session { mode resumeAtSeconds } error { code } } }`;
const PROGRESS = `query($id: ID!) { video(id: $id) { watchProgress { positionSeconds } } }`;

type Viewer = { userId: string; token: string };
const save = async (v: Viewer, id: string, p: number) => (await t.as<{ saveWatchProgress: { progress: unknown; error: unknown } }>(v.token, SAVE, { id, p })).data!.saveWatchProgress;
const shown = async (v: Viewer, id: string) => (await t.as<{ video: { watchProgress: unknown } }>(v.token, PROGRESS, { id })).data!.video.watchProgress;
const resumeAt = async (v: Viewer, id: string) =>
  (await t.as<{ startPlayback: { session: { resumeAtSeconds: number | null } } }>(v.token, START, { id })).data!.startPlayback.session.resumeAtSeconds;
const rowsOf = async (userId: string) => (await t.sql.query('SELECT video_id FROM catalogue.watch_progress WHERE user_id = $1', [userId])).rows;

/** Events applied by the consumer (its inbox rows), to wait for one that changes nothing visible. */
const applied = async () =>
  (await t.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM catalogue.inbox WHERE consumer = $1', [HEALTH_CONSENTS_CONSUMER])).rows[0]!.n;

function consentChanged(userId: string, given: boolean, changedAt: Date, kind: 'health_data' | 'terms' = 'health_data') {
  return t.harness.publish(
    'identity.user.consent_changed',
    { userId, kind, given, version: CONSENT_VERSIONS[kind], source: 'account', changedAt: changedAt.toISOString() },
    'identity',
  );
}

describe('watch progress rests on the health-data consent (identity.user.consent_changed)', () => {
  let video: string;
  let other: string;
  beforeAll(async () => {
    video = await t.insertVideo({ title: 'Tisanes du soir' });
    other = await t.insertVideo({ title: 'Marche du matin' });
    await writeHlsFixture(t, video, { durationSeconds: 600 });
    await writeHlsFixture(t, other, { durationSeconds: 300 });
  });

  it('keeps no position for a buyer who never gave it: no error, nothing saved, nothing to resume', async () => {
    const buyer = t.newUser();
    await grant(t, buyer.userId, video);
    expect(await save(buyer, video, 42)).toEqual({ progress: null, error: null });
    expect(await rowsOf(buyer.userId)).toEqual([]);
    expect(await shown(buyer, video)).toBeNull();
    expect(await resumeAt(buyer, video)).toBeNull();
    // A consent of another kind changes nothing.
    await consentChanged(buyer.userId, true, new Date(), 'terms');
    await until(async () => (await applied()) >= 1 || undefined, 5000, 'the terms event applied');
    expect(await save(buyer, video, 42)).toEqual({ progress: null, error: null });
  });

  it('keeps it once given, erases it all when withdrawn, keeps none after, and a late event undoes nothing', async () => {
    const buyer = t.newUser();
    await grant(t, buyer.userId, video);
    await grant(t, buyer.userId, other);
    const givenAt = new Date();
    await consentChanged(buyer.userId, true, givenAt);
    await until(async () => ((await save(buyer, video, 120)) as { progress: unknown }).progress ?? undefined, 5000, 'progress kept once the consent is known');
    await save(buyer, other, 30);
    expect(await shown(buyer, video)).toEqual({ positionSeconds: 120 });
    expect(await resumeAt(buyer, video)).toBe(120);
    expect(await rowsOf(buyer.userId)).toHaveLength(2);

    await consentChanged(buyer.userId, false, new Date(givenAt.getTime() + 1000));
    await until(async () => ((await rowsOf(buyer.userId)).length === 0) || undefined, 5000, 'progress erased on withdrawal');
    expect(await shown(buyer, video)).toBeNull();
    expect(await resumeAt(buyer, video)).toBeNull();
    expect(await save(buyer, video, 200)).toEqual({ progress: null, error: null });
    expect(await rowsOf(buyer.userId)).toEqual([]);

    // The giving event again, late (redelivered from elsewhere, older than the withdrawal): still withdrawn.
    const before = await applied();
    await consentChanged(buyer.userId, true, givenAt);
    await until(async () => ((await applied()) > before) || undefined, 5000, 'the late event applied');
    expect(await save(buyer, video, 200)).toEqual({ progress: null, error: null });
    // Playback itself is what was bought: it goes on.
    expect((await t.as<{ startPlayback: { session: { mode: string } } }>(buyer.token, START, { id: video })).data!.startPlayback.session.mode).toBe('FULL');
  });
});
