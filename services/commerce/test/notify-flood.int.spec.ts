/**
 * MoMo's and Orange's callbacks are unsigned by the providers' design: anyone can post one. A flood
 * of forged 30 KB callbacks must keep bounded storage and make at most one pending status request
 * per attempt, whatever it names.
 */
import { randomUUID } from 'node:crypto';
import { WEBHOOK_BODY_KEPT, WEBHOOKS_KEPT_PER_ATTEMPT } from '../src/webhooks';
import { commerceHarness, until, type CommerceHarness } from './harness';

const FLOOD = 200;
const BODY_BYTES = 30 * 1024;

describe('a flood of forged provider callbacks', () => {
  let t: CommerceHarness;
  beforeAll(async () => {
    // The poller far away: every status request here comes from the callbacks.
    t = await commerceHarness({ config: { pollDelaysMs: [10 * 60_000] } });
  });
  afterAll(() => t.teardown());

  /** A distinct ~30 KB MoMo callback body naming `externalId`. */
  const forged = (externalId: string, i: number) => {
    const head = JSON.stringify({ externalId, status: 'SUCCESSFUL', financialTransactionId: `forged-${i}`, padding: '' });
    return head.replace('"padding":""', `"padding":"${'x'.repeat(BODY_BYTES - head.length)}"`);
  };
  const post = (provider: string, body: string) =>
    fetch(`${t.app.notifyUrl}/${provider}`, { method: 'PUT', headers: { 'content-type': 'application/json', ...t.headers() }, body }).then((r) => r.status);
  const logRows = async () => (await t.sql.query(`SELECT count(*)::int AS n, COALESCE(sum(octet_length(raw_body)), 0)::int AS bytes FROM commerce.webhook_log`)).rows[0] as { n: number; bytes: number };
  const pendingChecks = async (attemptId: string) => {
    const jobs = await t.app.queues.queue.getJobs(['waiting', 'delayed', 'paused', 'prioritized', 'active']);
    return jobs.filter((j) => j.name === 'check-attempt' && (j.data as { attemptId: string }).attemptId === attemptId).length;
  };

  it(`${FLOOD} callbacks naming no attempt of ours: answered, none kept, no status request`, async () => {
    const before = await logRows();
    const statuses = t.fakes.mtn.count('status') + t.fakes.orange.count('status');
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: FLOOD }, (_, i) => post(i % 2 ? 'mtn' : 'orange', forged(randomUUID(), i))));
    const ms = Date.now() - started;
    expect(answers.every((s) => s === 200)).toBe(true);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await logRows()).toEqual(before);
    expect(t.fakes.mtn.count('status') + t.fakes.orange.count('status')).toBe(statuses);
    console.log(`flood of ${FLOOD} x ${BODY_BYTES} B callbacks naming nothing: ${ms} ms, 0 rows kept, 0 status requests`);
  });

  it(`${FLOOD} distinct callbacks naming one pending attempt: ${WEBHOOKS_KEPT_PER_ATTEMPT} kept at most, bodies cut, one pending status check, one status request`, async () => {
    const itemId = await t.publishItem();
    const buyer = t.newUser();
    const order = (await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'MTN', phone: '677000555' })).order!;
    const attemptId = order.attempt.id as string;
    const reference = order.attempt.reference as string;
    const statuses = t.fakes.mtn.count('status');

    // Held: the checks the flood asks for stay queued, so they can be counted.
    await t.app.queues.queue.pause();
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: FLOOD }, (_, i) => post('mtn', forged(reference, i))));
    const ms = Date.now() - started;
    expect(answers.every((s) => s === 200)).toBe(true);

    const kept = await t.sql.query(`SELECT octet_length(raw_body) AS bytes FROM commerce.webhook_log WHERE attempt_id = $1`, [attemptId]);
    expect(kept.rows).toHaveLength(WEBHOOKS_KEPT_PER_ATTEMPT);
    for (const row of kept.rows) expect(row.bytes).toBeLessThanOrEqual(WEBHOOK_BODY_KEPT + 64);
    const exchanges = await t.sql.query(`SELECT count(*)::int AS n FROM commerce.provider_exchanges WHERE attempt_id = $1 AND kind = 'callback'`, [attemptId]);
    expect(exchanges.rows[0].n).toBe(WEBHOOKS_KEPT_PER_ATTEMPT);
    expect(await pendingChecks(attemptId)).toBe(1);

    await t.app.queues.queue.resume();
    await until(async () => (t.fakes.mtn.count('status') > statuses ? true : null), 5_000, 'the coalesced status request');
    await new Promise((r) => setTimeout(r, 1_500));
    expect(t.fakes.mtn.count('status')).toBe(statuses + 1);
    // The provider says pending: a callback claiming success is not believed.
    expect((await t.order(order.id)).status).toBe('PENDING');
    const total = await logRows();
    console.log(`flood of ${FLOOD} x ${BODY_BYTES} B callbacks naming one attempt: ${ms} ms, ${kept.rows.length} rows kept (${total.bytes} B in the whole log), ${t.fakes.mtn.count('status') - statuses} status request`);
  });

  it('the real callback after a flood still nudges: the payment completes', async () => {
    const itemId = await t.publishItem();
    const buyer = t.newUser();
    const order = (await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'MTN', phone: '677000556' })).order!;
    const reference = order.attempt.reference as string;
    await Promise.all(Array.from({ length: 40 }, (_, i) => post('mtn', forged(reference, i))));
    await new Promise((r) => setTimeout(r, 1_500));
    t.fakes.mtn.settleAt(reference, 'completed', null, 'MTN-REAL-1');
    expect(await post('mtn', JSON.stringify({ externalId: reference, status: 'SUCCESSFUL', financialTransactionId: 'MTN-REAL-1' }))).toBe(200);
    await until(async () => ((await t.order(order.id)).status === 'COMPLETED' ? true : null), 5_000, 'completion after the flood');
  });
});
