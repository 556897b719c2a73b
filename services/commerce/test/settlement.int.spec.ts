import { withHarness } from '@lbf/service-kit/testing';
import { notchPaySignature as signNotchPay } from '../src/providers/notchpay';
import { commerceJobHandlers, settle } from '../src/settlement';
import { FakeProvider } from './fake-provider';
import { commerceHarness, until, WEBHOOK_KEY } from './harness';

describe('settlement: webhooks, poller, expiry', () => {
  const t = withHarness(() => commerceHarness({ providers: { mtn: shortMtn } }));
  const shortMtn = new FakeProvider('mtn', 1500);

  const completedCount = async (orderId: string) =>
    (await t.sql.query(`SELECT count(*)::int AS n FROM commerce.outbox WHERE subject = 'commerce.purchase.completed' AND envelope->'data'->>'orderId' = $1`, [orderId])).rows[0].n as number;

  const postWebhook = (provider: string, body: string, headers: Record<string, string> = {}, method = 'POST') =>
    fetch(`${t.app.notifyUrl}/${provider}`, { method, headers: { 'content-type': 'application/json', ...t.headers(), ...headers }, body });

  it('NotchPay: a forged, a replayed and a duplicate webhook leave exactly one purchase', async () => {
    const itemId = await t.publishItem();
    const buyer = t.newUser();
    const order = (await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'NOTCHPAY' })).order!;
    const reference = order.attempt.reference as string;

    // Forged: wrong signature. Refused without detail, nothing changes, logged.
    const forgedBody = JSON.stringify({ id: 'evt-forged', event: 'payment.complete', data: { merchant_reference: reference, status: 'complete' } });
    const forged = await postWebhook('notchpay', forgedBody, { 'x-notch-signature': signNotchPay(forgedBody, 'not-the-key') });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ ok: false });
    const missing = await postWebhook('notchpay', forgedBody);
    expect(missing.status).toBe(401);
    await new Promise((r) => setTimeout(r, 300));
    expect((await t.order(order.id)).status).toBe('PENDING');

    // Authentic: a nudge; the provider is asked and the order completes.
    t.fakes.notchpay.settleAt(reference, 'completed', null, 'trx_1');
    const body = JSON.stringify({ id: 'evt-1', event: 'payment.complete', data: { reference: 'trx_1', merchant_reference: reference, status: 'complete' } });
    const signature = signNotchPay(body, WEBHOOK_KEY);
    expect((await postWebhook('notchpay', body, { 'x-notch-signature': signature })).status).toBe(200);
    await until(async () => ((await t.order(order.id)).status === 'COMPLETED' ? true : null), 5000, 'completion by webhook');

    // Replayed (same event) and duplicate (another event id, same payment): nothing more.
    expect((await postWebhook('notchpay', body, { 'x-notch-signature': signature })).status).toBe(200);
    const dup = JSON.stringify({ id: 'evt-2', event: 'payment.complete', data: { reference: 'trx_1', merchant_reference: reference, status: 'complete' } });
    expect((await postWebhook('notchpay', dup, { 'x-notch-signature': signNotchPay(dup, WEBHOOK_KEY) })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(await completedCount(order.id)).toBe(1);
    const log = await t.sql.query(`SELECT outcome, signature_valid, headers FROM commerce.webhook_log WHERE raw_body LIKE $1 ORDER BY received_at`, [`%${reference}%`]);
    expect(log.rows.map((r) => r.outcome)).toEqual(['invalid-signature', 'nudged', 'nudged']); // the unsigned copy of the forged body is the same body: stored once
    for (const row of log.rows) expect(row.headers).not.toHaveProperty('x-lbf-gateway-secret');
  });

  it('webhook routes answer only the gateway (its secret), and an unknown payment changes nothing', async () => {
    const res = await fetch(`${t.app.notifyUrl}/mtn`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(401);
    const unknown = await postWebhook('mtn', JSON.stringify({ externalId: 'nobody', status: 'SUCCESSFUL' }), {}, 'PUT');
    expect(unknown.status).toBe(200);
    expect((await postWebhook('paypal', '{}')).status).toBe(404);
  });

  it('MoMo: a callback that never arrives is settled by the poller', async () => {
    const itemId = await t.publishItem();
    const buyer = t.newUser();
    const order = (await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'ORANGE', phone: '699000009' })).order!;
    t.fakes.orange.settleAt(order.attempt.reference, 'completed', null, 'MP-TXN-1');
    await until(async () => ((await t.order(order.id)).status === 'COMPLETED' ? true : null), 5000, 'poller completion');
    expect((await t.order(order.id)).attempt.operatorTransactionId).toBe('MP-TXN-1');
  });

  it('MoMo callback (unsigned) is a nudge: the provider is asked, the body is not believed', async () => {
    const itemId = await t.publishItem();
    const buyer = t.newUser();
    const order = (await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'MTN', phone: '677000222' })).order!;
    // The callback claims success, the provider says pending: still pending.
    await postWebhook('mtn', JSON.stringify({ externalId: order.attempt.reference, status: 'SUCCESSFUL', financialTransactionId: 'x' }), {}, 'PUT');
    await new Promise((r) => setTimeout(r, 300));
    expect((await t.order(order.id)).status).toBe('PENDING');
    shortMtn.settleAt(order.attempt.reference, 'completed');
    await postWebhook('mtn', JSON.stringify({ externalId: order.attempt.reference, status: 'SUCCESSFUL' }), {}, 'PUT');
    await until(async () => ((await t.order(order.id)).status === 'COMPLETED' ? true : null), 5000, 'completion after nudge');
  });

  it('an attempt that stays pending past the window is re-checked, then expires', async () => {
    const itemId = await t.publishItem();
    const buyer = t.newUser();
    const events = await t.events(['commerce.purchase.failed']);
    const order = (await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'MTN', phone: '677000333' })).order!;
    const done = await until(async () => {
      const o = await t.order(order.id);
      return o.status === 'EXPIRED' ? o : null;
    }, 8000, 'expiry');
    expect(done.attempt).toMatchObject({ status: 'EXPIRED', failureCode: 'WINDOW_PASSED', failureMessage: 'Le délai de confirmation est dépassé.' });
    const statusCalls = shortMtn.calls.filter((c) => c.kind === 'status' && c.reference === order.attempt.reference).length;
    expect(statusCalls).toBeGreaterThanOrEqual(2);
    await until(() => (events.received.some((e) => e.data.orderId === order.id && e.data.outcome === 'expired') ? true : null), 5000, 'purchase.failed expired');
  });

  it('a late "failed" after success changes nothing; a late "paid" after expiry completes the order', async () => {
    const itemId = await t.publishItem();
    const buyer = t.newUser();
    const order = (await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'NOTCHPAY' })).order!;
    const attemptId = order.attempt.id as string;
    await settle(t.app.deps, attemptId, { outcome: 'completed', operatorTransactionId: 'T1' });
    const r = await settle(t.app.deps, attemptId, { outcome: 'failed', reasonCode: 'APPROVAL_REJECTED' });
    expect(r.kind).toBe('ignored-late');
    const again = await settle(t.app.deps, attemptId, { outcome: 'completed', operatorTransactionId: 'T1' });
    expect(again).toMatchObject({ kind: 'unchanged', changed: false });
    const after = await t.order(order.id);
    expect(after).toMatchObject({ status: 'COMPLETED', attempt: { status: 'COMPLETED', failureCode: null } });
    expect(await completedCount(order.id)).toBe(1);

    const item2 = await t.publishItem();
    const second = (await t.startCheckout(buyer, { itemId: item2, itemType: 'VIDEO', method: 'NOTCHPAY' })).order!;
    await settle(t.app.deps, second.attempt.id, { outcome: 'expired', reasonCode: 'WINDOW_PASSED' });
    expect((await t.order(second.id)).status).toBe('EXPIRED');
    await settle(t.app.deps, second.attempt.id, { outcome: 'completed', operatorTransactionId: 'LATE' });
    expect((await t.order(second.id)).status).toBe('COMPLETED');
  });

  it('a late "paid" on an expired attempt while a retry is live completes the order and cancels the retry', async () => {
    const itemId = await t.publishItem();
    const buyer = t.newUser();
    const first = (await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'NOTCHPAY' })).order!;
    await settle(t.app.deps, first.attempt.id, { outcome: 'expired', reasonCode: 'WINDOW_PASSED' });
    const retry = (await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'ORANGE', phone: '699000444' })).order!;
    expect(retry.attempt.status).toBe('PENDING');
    await settle(t.app.deps, first.attempt.id, { outcome: 'completed', operatorTransactionId: 'LATE-1' });
    const after = await t.order(first.id);
    expect(after.status).toBe('COMPLETED');
    const attempts = (await t.sql.query(`SELECT number, status, failure_code FROM commerce.payment_attempts WHERE order_id = $1 ORDER BY number`, [first.id])).rows;
    expect(attempts).toEqual([
      { number: 1, status: 'completed', failure_code: null },
      { number: 2, status: 'canceled', failure_code: 'SUPERSEDED_BY_PAYMENT' },
    ]);
    expect(await completedCount(first.id)).toBe(1);
    // NotchPay's is canceled at the provider too; Orange has nothing to call (no cancel in its API).
  });

  it('the sweeper re-checks pending attempts nobody asked about for a while (a lost job, a restart)', async () => {
    const itemId = await t.publishItem();
    const buyer = t.newUser();
    const order = (await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'NOTCHPAY' })).order!;
    await t.sql.query(`UPDATE commerce.payment_attempts SET last_checked_at = now() - interval '10 minutes', created_at = now() - interval '10 minutes' WHERE id = $1`, [order.attempt.id]);
    t.fakes.notchpay.settleAt(order.attempt.reference, 'completed');
    const found = await commerceJobHandlers(t.app.deps)['sweep-pending']({ data: {} } as never);
    expect(found).toBeGreaterThanOrEqual(1);
    await until(async () => ((await t.order(order.id)).status === 'COMPLETED' ? true : null), 5000, 'completion by the sweeper');
  });

  it('receipt numbers are sequential within the year, one per completed order', async () => {
    const rows = await t.sql.query(`SELECT receipt_number FROM commerce.orders WHERE receipt_number IS NOT NULL ORDER BY receipt_number`);
    const numbers = rows.rows.map((r) => Number(String(r.receipt_number).split('-')[2]));
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });
});
