import { events, makeEnvelope, natsSubject } from '@lbf/proto-events';
import { until } from '@lbf/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { headers } from 'nats';
import { stampedPdfKey } from '../src/media';
import { setupCatalogue, type CatalogueTestContext } from './harness';

/*
 * Account deletion (issue 23): identity.user.deleted makes the catalogue forget the person: their
 * stamped copies (object and row), entitlements, watch progress and views; once per event.
 */

let t: CatalogueTestContext;

beforeAll(async () => {
  t = await setupCatalogue();
});

afterAll(async () => {
  await t?.teardown();
});

/** identity.user.deleted as identity's outbox publishes it; `msgId` other than the envelope's id is a redelivery past the broker's dedupe window. */
async function publishDeleted(envelope: ReturnType<typeof deletedEnvelope>, msgId = envelope.id): Promise<void> {
  const h = headers();
  h.set('Lbf-Event-Version', String(envelope.version));
  await t.nc.jetstream().publish(natsSubject(t.stream.prefix, envelope.subject), Buffer.from(JSON.stringify(envelope)), { msgID: msgId, headers: h });
}

const deletedEnvelope = (userId: string) =>
  makeEnvelope({ subject: 'identity.user.deleted', version: events['identity.user.deleted'].version, producer: 'identity', data: { userId, deletedAt: new Date().toISOString() } });

const countRows = async (userId: string) =>
  (
    await t.sql.query(
      `SELECT (SELECT count(*) FROM catalogue.stamped_pdfs WHERE user_id = $1)::int AS stamped,
              (SELECT count(*) FROM catalogue.entitlements WHERE user_id = $1)::int AS entitlements,
              (SELECT count(*) FROM catalogue.watch_progress WHERE user_id = $1)::int AS progress,
              (SELECT count(*) FROM catalogue.video_views WHERE user_id = $1)::int AS views,
              (SELECT count(*) FROM catalogue.lesson_data_use WHERE user_id = $1)::int AS "lessonData",
              (SELECT count(*) FROM catalogue.reviews WHERE user_id = $1)::int AS reviews`,
      [userId],
    )
  ).rows[0];

it('erases a deleted account’s stamped copies (objects too), entitlements, watch progress, views, monthly lesson data and reviews, and only theirs, once', async () => {
  const pdfId = await t.insertPdf({ title: 'Guide du sommeil' });
  const videoId = await t.insertVideo({ title: 'Respirer' });
  const [gone, stays] = [randomUUID(), randomUUID()];
  for (const userId of [gone, stays]) {
    const orderId = randomUUID();
    await t.sql.query(
      `INSERT INTO catalogue.entitlements (order_id, user_id, item_id, item_type, granted_at, receipt_number, buyer_email, buyer_name)
       VALUES ($1, $2, $3, 'pdf', now(), 'LBF-2026-000007', $4, 'Awa Ndiaye')`,
      [orderId, userId, pdfId, `${userId}@example.cm`],
    );
    await t.app.store.put('pdfs', stampedPdfKey(orderId), Buffer.from('%PDF-1.7 Awa Ndiaye'), { contentType: 'application/pdf' });
    await t.sql.query(`INSERT INTO catalogue.stamped_pdfs (order_id, pdf_id, user_id, object_key, size) VALUES ($1, $2, $3, $4, 19)`, [orderId, pdfId, userId, stampedPdfKey(orderId)]);
    await t.sql.query(`INSERT INTO catalogue.watch_progress (user_id, video_id, position_seconds) VALUES ($1, $2, 42)`, [userId, videoId]);
    await t.sql.query(`INSERT INTO catalogue.video_views (video_id, user_id, viewed_on) VALUES ($1, $2, current_date)`, [videoId, userId]);
    await t.sql.query(`INSERT INTO catalogue.lesson_data_use (user_id, month, bytes) VALUES ($1, date_trunc('month', now())::date, 12000000)`, [userId]);
    const review = await t.as<{ reviewItem: { error: unknown } }>(t.newUser({ userId }).token, `mutation($input: ReviewItemInput!) { reviewItem(input: $input) { error { message } } }`, {
      input: { itemId: pdfId, rating: 4, text: 'Clair et utile.' },
    });
    expect(review.data?.reviewItem.error).toBeNull();
  }
  const keyOf = async (userId: string) => (await t.sql.query('SELECT object_key FROM catalogue.stamped_pdfs WHERE user_id = $1', [userId])).rows[0].object_key as string;
  const [goneKey, staysKey] = [await keyOf(gone), await keyOf(stays)];

  const envelope = deletedEnvelope(gone);
  await publishDeleted(envelope);
  await until(async () => (await countRows(gone)).entitlements === 0, 10_000, 'the erasure');
  expect(await countRows(gone)).toEqual({ stamped: 0, entitlements: 0, progress: 0, views: 0, lessonData: 0, reviews: 0 });
  expect(await t.app.store.stat('pdfs', goneKey)).toBeNull();
  expect(await countRows(stays)).toEqual({ stamped: 1, entitlements: 1, progress: 1, views: 1, lessonData: 1, reviews: 1 });
  expect(await t.app.store.stat('pdfs', staysKey)).not.toBeNull();

  // Redelivered (past the broker's dedupe window): the inbox has it, nothing runs twice. A row that
  // came back meanwhile shows it: a second run would delete it.
  await t.sql.query(`INSERT INTO catalogue.watch_progress (user_id, video_id, position_seconds) VALUES ($1, $2, 7)`, [gone, videoId]);
  await publishDeleted(envelope, randomUUID());
  await until(
    async () => (await t.sql.query(`SELECT 1 FROM catalogue.inbox WHERE consumer = 'catalogue-user-deleted' AND event_id = $1`, [envelope.id])).rowCount,
    5000,
    'inbox row',
  );
  await new Promise((r) => setTimeout(r, 500));
  expect((await countRows(gone)).progress).toBe(1);
  expect((await t.sql.query(`SELECT count(*)::int AS n FROM catalogue.inbox WHERE event_id = $1`, [envelope.id])).rows[0].n).toBe(1);
});
