import { until } from '@lbf/service-kit/testing';
import { createVideoFrom, makeClip } from './factories/media';
import { setupCatalogue, type CatalogueTestContext } from './harness';

let t: CatalogueTestContext;
let clip: Buffer;
let corrupt: Buffer;

const STATE = `query($id: ID!) { video(id: $id) { id processing { state error } } }`;
const RETRY = `mutation($id: ID!) { retryVideoProcessing(id: $id) { video { id } error { code message } } }`;
const DELETE = `mutation($id: ID!) { deleteVideo(id: $id) { ok } }`;

type AlertData = { alertId: string; kind: string; title?: string; href?: string; occurredAt: string };

/** The alert events of a video as committed to the outbox (in the transaction of the state change), oldest first. */
async function alertsOf(videoId: string): Promise<Array<{ subject: string; data: AlertData }>> {
  const r = await t.sql.query(
    `SELECT subject, envelope->'data' AS data FROM catalogue.outbox WHERE subject LIKE 'catalogue.admin_alert.%' AND envelope->'data'->>'alertId' = $1 ORDER BY seq`,
    [`processing:${videoId}`],
  );
  return r.rows as Array<{ subject: string; data: AlertData }>;
}
const subjects = async (id: string) => (await alertsOf(id)).map((e) => e.subject.replace('catalogue.admin_alert.', ''));

async function state(id: string): Promise<string> {
  const r = await t.asAdmin<{ video: { processing: { state: string } } }>(STATE, { id });
  return r.data!.video.processing.state;
}
const reaches = (id: string, wanted: string, ms = 60_000) => until(async () => ((await state(id)) === wanted ? true : null), ms, wanted);

const createFrom = (title: string, bytes: Buffer) => createVideoFrom(t, bytes, { title });

beforeAll(async () => {
  // 4 s of 320x240 test pattern with a tone: one rung, quick to build.
  clip = await makeClip('testsrc=s=320x240:r=25:d=4', 'sine=frequency=440:duration=4');
  // Passes the upload's sniffing (an MP4 header) but holds no playable video: the build ends FAILED.
  corrupt = Buffer.concat([clip.subarray(0, 32), Buffer.alloc(20_000, 7)]);
  t = await setupCatalogue();
  t.events.listen('catalogue.admin_alert.raised');
  t.events.listen('catalogue.admin_alert.cleared');
}, 60_000);

afterAll(async () => {
  await t?.teardown();
});

describe('the bell: failed video processing', () => {
  it('a failed build raises ONE alert (a retry failing again raises nothing new); a successful retry clears it', async () => {
    const id = await createFrom('Fichier abîmé', corrupt);
    await reaches(id, 'FAILED');
    const first = await alertsOf(id);
    expect(first.map((e) => e.subject)).toEqual(['catalogue.admin_alert.raised']);
    expect(first[0]!.data).toMatchObject({ alertId: `processing:${id}`, kind: 'processing', title: 'Échec du traitement : Fichier abîmé', href: `/admin/videos?video=${id}` });
    // Relayed to the stream in the contract's shape.
    await until(() => t.events.find('catalogue.admin_alert.raised', (d) => d.alertId === `processing:${id}`), 5000, 'raised on the stream');

    // Retried with the same bad file: FAILED again, the alert stays open and is not raised twice.
    expect((await t.asAdmin<{ retryVideoProcessing: { error: unknown } }>(RETRY, { id })).data!.retryVideoProcessing.error).toBeNull();
    await until(async () => ((await t.sql.query(`SELECT processing_version FROM catalogue.videos WHERE id = $1 AND processing_state = 'failed'`, [id])).rows[0]?.processing_version === 2 ? true : null), 60_000, 'failed again');
    expect(await subjects(id)).toEqual(['raised']);

    // The file is fixed (the test swaps the stored bytes) and retried: READY, cleared.
    const { video_key } = (await t.sql.query(`SELECT video_key FROM catalogue.videos WHERE id = $1`, [id])).rows[0] as { video_key: string };
    await t.app.store.put('videos', video_key, clip, { contentType: 'video/mp4' });
    expect((await t.asAdmin<{ retryVideoProcessing: { error: unknown } }>(RETRY, { id })).data!.retryVideoProcessing.error).toBeNull();
    // Asking for the retry is not a success: still open until the ladder is ready.
    expect(await subjects(id)).toEqual(['raised']);
    await reaches(id, 'READY');
    expect(await subjects(id)).toEqual(['raised', 'cleared']);
    await until(() => t.events.find('catalogue.admin_alert.cleared', (d) => d.alertId === `processing:${id}`), 5000, 'cleared on the stream');

    // Deleting it now clears nothing more (no alert is open).
    await t.asAdmin(DELETE, { id });
    expect(await subjects(id)).toEqual(['raised', 'cleared']);
  }, 120_000);

  it('deleting a failed video clears its alert; a video that builds fine raises nothing', async () => {
    const broken = await createFrom('Autre fichier abîmé', corrupt);
    const fine = await createFrom('Bonne vidéo', clip);
    await reaches(broken, 'FAILED');
    expect(await subjects(broken)).toEqual(['raised']);
    const res = await t.asAdmin<{ deleteVideo: { ok: boolean } }>(DELETE, { id: broken });
    expect(res.data!.deleteVideo.ok).toBe(true);
    expect(await subjects(broken)).toEqual(['raised', 'cleared']);

    await reaches(fine, 'READY');
    expect(await subjects(fine)).toEqual([]);
  }, 120_000);
});
