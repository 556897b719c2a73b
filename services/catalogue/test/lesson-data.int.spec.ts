import { withHarness } from '@lbf/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { purgeOldLessonData } from '../src/playback/lesson-data';
import { setupCatalogue } from './harness';

const t = withHarness(() => setupCatalogue());

const RECORD = `mutation($videoId: ID!, $bytes: Float!, $offline: Boolean) {
  recordLessonData(videoId: $videoId, bytes: $bytes, offline: $offline) { use { month bytes offlineBytes } error { code field message } } }`;
const MINE = `{ myLessonDataUse { month bytes offlineBytes } }`;

type Use = { month: string; bytes: number; offlineBytes: number };
type RecordAnswer = { recordLessonData: { use: Use | null; error: { code: string; field: string | null; message: string } | null } };

const thisMonth = () => new Date().toISOString().slice(0, 7);
const record = (token: string, videoId: string, bytes: number, offline?: boolean) => t.as<RecordAnswer>(token, RECORD, { videoId, bytes, offline });
const mine = async (token: string) => (await t.as<{ myLessonDataUse: Use }>(token, MINE)).data!.myLessonDataUse;

let videoId: string;

beforeAll(async () => {
  videoId = await t.insertVideo({ title: 'Respirer pour mieux dormir' });
  // A built ladder: 10 Mo of video, 4 Mo of audio (and a 1 Mo preview): one report counts at most 30 Mo.
  const rung = (name: string, height: number | null, bytes: number) => ({ name, width: height && Math.round((height * 16) / 9), height, bandwidth: 200_000, bytes });
  await t.sql.query(`UPDATE catalogue.videos SET hls_version = 1, hls_renditions = $2::jsonb, preview_renditions = $3::jsonb WHERE id = $1`, [
    videoId,
    JSON.stringify([rung('234p', 234, 10_000_000), rung('audio', null, 4_000_000)]),
    JSON.stringify([rung('234p', 234, 1_000_000)]),
  ]);
});

describe('the data a person’s lessons used this month', () => {
  it('adds each report to the month, online and offline, and starts from zero', async () => {
    const viewer = t.newUser();
    expect(await mine(viewer.token)).toEqual({ month: thisMonth(), bytes: 0, offlineBytes: 0 });
    expect((await record(viewer.token, videoId, 2_500_000)).data!.recordLessonData).toEqual({ use: { month: thisMonth(), bytes: 2_500_000, offlineBytes: 0 }, error: null });
    await record(viewer.token, videoId, 1_000_000, true);
    expect(await mine(viewer.token)).toEqual({ month: thisMonth(), bytes: 3_500_000, offlineBytes: 1_000_000 });
    // One row per person and month, with no video in it.
    const rows = await t.sql.query('SELECT * FROM catalogue.lesson_data_use WHERE user_id = $1', [viewer.userId]);
    expect(rows.rowCount).toBe(1);
    expect(Object.keys(rows.rows[0]).sort()).toEqual(['bytes', 'month', 'offline_bytes', 'updated_at', 'user_id']);
  });

  it('refuses what is not a whole number of bytes from 1, and an unknown video', async () => {
    const viewer = t.newUser();
    for (const bytes of [0, -1, 1.5]) {
      expect((await record(viewer.token, videoId, bytes)).data!.recordLessonData).toMatchObject({ use: null, error: { code: 'VALIDATION', field: 'bytes' } });
    }
    expect((await record(viewer.token, randomUUID(), 1000)).data!.recordLessonData).toMatchObject({ use: null, error: { code: 'NOT_FOUND' } });
    expect(await mine(viewer.token)).toMatchObject({ bytes: 0 });
  });

  it('counts one report at most twice the video’s ladders, and a month at most 100 Go', async () => {
    const viewer = t.newUser();
    expect((await record(viewer.token, videoId, 5e12)).data!.recordLessonData.use).toMatchObject({ bytes: 30_000_000 });
    await t.sql.query(`UPDATE catalogue.lesson_data_use SET bytes = 99999000000 WHERE user_id = $1`, [viewer.userId]);
    expect((await record(viewer.token, videoId, 20_000_000, true)).data!.recordLessonData.use).toEqual({ month: thisMonth(), bytes: 100e9, offlineBytes: 1_000_000 });
    expect((await record(viewer.token, videoId, 20_000_000)).data!.recordLessonData.use).toMatchObject({ bytes: 100e9 });
  });

  it('belongs to the signed-in person alone: no one reads or adds to another’s, visitors neither', async () => {
    const [a, b] = [t.newUser(), t.newUser()];
    await record(a.token, videoId, 7_000_000);
    expect(await mine(b.token)).toMatchObject({ bytes: 0 });
    expect(await mine(a.token)).toMatchObject({ bytes: 7_000_000 });
    const visitorRead = await t.query<{ myLessonDataUse: Use }>(MINE);
    expect(visitorRead.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const visitorRecord = await t.query<RecordAnswer>(RECORD, { videoId, bytes: 1000 });
    expect(visitorRecord.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await mine(a.token)).toMatchObject({ bytes: 7_000_000 });
  });

  it('keeps RETENTION.lessonDataMonths months: the retention job deletes older ones', async () => {
    const viewer = t.newUser();
    for (const month of ['2026-09-01', '2026-10-01', '2026-11-01', '2026-08-01']) {
      await t.sql.query(`INSERT INTO catalogue.lesson_data_use (user_id, month, bytes) VALUES ($1, $2, 1000)`, [viewer.userId, month]);
    }
    await purgeOldLessonData({ ds: t.app.ds }, new Date('2026-11-27T12:00:00Z'));
    const left = await t.sql.query(`SELECT to_char(month, 'YYYY-MM') AS m FROM catalogue.lesson_data_use WHERE user_id = $1 ORDER BY month`, [viewer.userId]);
    expect(left.rows.map((r: { m: string }) => r.m)).toEqual(['2026-09', '2026-10', '2026-11']);
  });
});
