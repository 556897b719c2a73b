import { withHarness } from '@lbf/service-kit/testing';
import { FakeProvider } from './fake-provider';
import { commerceHarness, until } from './harness';

const CLAIM = `mutation($i: PaymentClaimInput!) { claimPayment(input: $i) { resolved message order { id status } error { code } } }`;
const CHECK = `mutation($id: ID!) { checkPayment(orderId: $id) { order { status } error { code } } }`;
const RECHECK = `mutation($id: ID!) { adminRecheckOrder(orderId: $id) { order { status attempt { status } } error { code } } }`;

type AlertEvent = { subject: string; data: { alertId: string; kind: string; title?: string; href?: string; occurredAt: string } };

describe('the bell: payments waiting for reconciliation', () => {
  const t = withHarness(() => commerceHarness({ providers: { orange } }));
  /** Orange with a 1.5 s window, so the poller gives up within the test. */
  const orange = new FakeProvider('orange', 1500);
  const admin = () => t.newUser({ admin: true });

  /** The alert events of an order as committed to the outbox (in the transaction of the change), oldest first. */
  async function alertsOf(orderId: string): Promise<AlertEvent[]> {
    const r = await t.sql.query(
      `SELECT subject, envelope->'data' AS data FROM commerce.outbox WHERE subject LIKE 'commerce.admin_alert.%' AND envelope->'data'->>'alertId' = $1 ORDER BY seq`,
      [`payment:${orderId}`],
    );
    return r.rows as AlertEvent[];
  }
  const subjects = async (orderId: string) => (await alertsOf(orderId)).map((e) => e.subject.replace('commerce.admin_alert.', ''));
  const openAlert = async (orderId: string) =>
    (await t.sql.query(`SELECT alert_reason, alert_raised_at FROM commerce.orders WHERE id = $1`, [orderId])).rows[0] as { alert_reason: string | null; alert_raised_at: Date | null };

  it('a claim the provider does not confirm raises ONE alert (the claim and its details kept); paying clears it', async () => {
    const raised = await t.events(['commerce.admin_alert.raised']);
    const cleared = await t.events(['commerce.admin_alert.cleared']);
    const buyer = t.newUser();
    const itemId = await t.publishItem({ title: 'Les tisanes du soir' });
    const order = (await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'MTN', phone: '677000901' })).order!;
    expect(await subjects(order.id)).toEqual([]);

    const paidAt = new Date().toISOString();
    const claim = (await t.gql(CLAIM, { i: { orderId: order.id, operatorTransactionId: 'MP-CLAIM-1', phone: '677000901', paidAt } }, buyer)).data!.claimPayment;
    expect(claim).toMatchObject({ resolved: false, order: { id: order.id, status: 'PENDING' } });
    // Asking again (the customer insists) changes nothing for the bell.
    expect((await t.gql(CLAIM, { i: { orderId: order.id } }, buyer)).data!.claimPayment.resolved).toBe(false);

    const events = await alertsOf(order.id);
    expect(events.map((e) => e.subject)).toEqual(['commerce.admin_alert.raised']);
    expect(events[0]!.data).toMatchObject({ alertId: `payment:${order.id}`, kind: 'payment', title: 'Paiement à vérifier : Les tisanes du soir', href: `/admin/payments?order=${order.id}` });
    expect(await openAlert(order.id)).toMatchObject({ alert_reason: 'claim' });

    const claims = await t.sql.query(`SELECT * FROM commerce.payment_claims WHERE order_id = $1 ORDER BY created_at`, [order.id]);
    expect(claims.rows).toHaveLength(2);
    expect(claims.rows[0]).toMatchObject({ buyer_id: buyer.userId, attempt_id: order.attempt.id, operator_transaction_id: 'MP-CLAIM-1', phone: '677000901', finding: 'still-pending' });
    expect(new Date(claims.rows[0].paid_at).toISOString()).toBe(paidAt);
    // The administrators' order view shows the claim in the attempt's provider log.
    const adminView = await t.gql(`query($id: ID!) { order(id: $id) { attempt { providerLog { kind body } } } }`, { id: order.id }, admin());
    const claimLog = adminView.data!.order.attempt.providerLog.filter((e: { kind: string }) => e.kind === 'claim');
    expect(claimLog).toHaveLength(2);
    expect(JSON.parse(claimLog[0].body)).toMatchObject({ by: 'customer', operatorTransactionId: 'MP-CLAIM-1', finding: 'still-pending' });

    // The customer's phone confirms; "Vérifier" asks the provider and the order completes: cleared.
    t.fakes.mtn.settleAt(order.attempt.reference, 'completed', null, 'MP-CLAIM-1');
    expect((await t.gql(CHECK, { id: order.id }, buyer)).data!.checkPayment.order.status).toBe('COMPLETED');
    expect(await subjects(order.id)).toEqual(['raised', 'cleared']);
    expect(await openAlert(order.id)).toEqual({ alert_reason: null, alert_raised_at: null });
    // A late repeat of the same answer (webhook, poller) clears nothing twice.
    await t.gql(CHECK, { id: order.id }, buyer);
    expect(await subjects(order.id)).toEqual(['raised', 'cleared']);

    // Relayed to the stream, in order, in the contract's shape.
    await until(() => (raised.received.some((e) => e.data.alertId === `payment:${order.id}`) && cleared.received.some((e) => e.data.alertId === `payment:${order.id}`) ? true : null), 5000, 'relayed');
    const up = raised.received.find((e) => e.data.alertId === `payment:${order.id}`)!;
    const down = cleared.received.find((e) => e.data.alertId === `payment:${order.id}`)!;
    expect(Date.parse(down.data.occurredAt)).toBeGreaterThanOrEqual(Date.parse(up.data.occurredAt));
  });

  it('a claim the provider confirms raises nothing (and keeps no claim)', async () => {
    const buyer = t.newUser();
    const order = (await t.startCheckout(buyer, { itemId: await t.publishItem(), itemType: 'VIDEO', method: 'MTN', phone: '677000902' })).order!;
    t.fakes.mtn.settleAt(order.attempt.reference, 'completed', null, 'MP-OK-2');
    const claim = (await t.gql(CLAIM, { i: { operatorTransactionId: 'MP-OK-2', orderId: order.id } }, buyer)).data!.claimPayment;
    expect(claim).toMatchObject({ resolved: true, order: { status: 'COMPLETED' } });
    expect(await subjects(order.id)).toEqual([]);
    expect((await t.sql.query(`SELECT 1 FROM commerce.payment_claims WHERE buyer_id = $1`, [buyer.userId])).rowCount).toBe(0);
  });

  it('a claim matching none of the buyer\'s attempts is kept, with no order to alert about', async () => {
    const buyer = t.newUser();
    const claim = (await t.gql(CLAIM, { i: { operatorTransactionId: 'MP-UNKNOWN-3' } }, buyer)).data!.claimPayment;
    expect(claim).toMatchObject({ resolved: false, order: null });
    const rows = (await t.sql.query(`SELECT order_id, finding, operator_transaction_id FROM commerce.payment_claims WHERE buyer_id = $1`, [buyer.userId])).rows;
    expect(rows).toEqual([{ order_id: null, finding: 'not-found', operator_transaction_id: 'MP-UNKNOWN-3' }]);
  });

  it('provider says "not paid" to the claim: raised; the administrator\'s re-check with a final answer clears it', async () => {
    const buyer = t.newUser();
    const order = (await t.startCheckout(buyer, { itemId: await t.publishItem(), itemType: 'VIDEO', method: 'MTN', phone: '677000903' })).order!;
    t.fakes.mtn.settleAt(order.attempt.reference, 'failed', 'NOT_ENOUGH_FUNDS');
    const claim = (await t.gql(CLAIM, { i: { orderId: order.id } }, buyer)).data!.claimPayment;
    expect(claim.message).toMatch(/Solde insuffisant/);
    expect(await subjects(order.id)).toEqual(['raised']);
    expect((await t.sql.query(`SELECT finding FROM commerce.payment_claims WHERE order_id = $1`, [order.id])).rows).toEqual([{ finding: 'not-paid' }]);

    // Re-check while the provider cannot answer: nothing is settled, the alert stays.
    t.fakes.mtn.unavailable = true;
    try {
      expect((await t.gql(RECHECK, { id: order.id }, admin())).data!.adminRecheckOrder.error).toBeNull();
    } finally {
      t.fakes.mtn.unavailable = false;
    }
    expect(await subjects(order.id)).toEqual(['raised']);
    // The provider's final word ("failed"): reconciled.
    const rechecked = (await t.gql(RECHECK, { id: order.id }, admin())).data!.adminRecheckOrder;
    expect(rechecked.order).toMatchObject({ status: 'FAILED', attempt: { status: 'FAILED' } });
    expect(await subjects(order.id)).toEqual(['raised', 'cleared']);
  });

  it('a grant clears the alert of a claimed order', async () => {
    const buyer = t.newUser();
    const order = (await t.startCheckout(buyer, { itemId: await t.publishItem(), itemType: 'VIDEO', method: 'MTN', phone: '677000904' })).order!;
    await t.gql(CLAIM, { i: { orderId: order.id } }, buyer);
    expect(await subjects(order.id)).toEqual(['raised']);
    const granted = await t.gql(`mutation($i: AdminOrderReasonInput!) { adminGrantOrder(input: $i) { order { status } error { code } } }`, { i: { orderId: order.id, reason: 'Reçu vérifié' } }, admin());
    expect(granted.data!.adminGrantOrder.order.status).toBe('COMPLETED');
    expect(await subjects(order.id)).toEqual(['raised', 'cleared']);
  });

  it('the poller gives up without the provider\'s word (unreachable after the window): raised; a late "paid" found by the re-check clears it', async () => {
    const buyer = t.newUser();
    const order = (await t.startCheckout(buyer, { itemId: await t.publishItem({ title: 'Guide des racines' }), itemType: 'VIDEO', method: 'ORANGE', phone: '699000905' })).order!;
    orange.unavailable = true;
    try {
      await until(async () => ((await t.order(order.id)).status === 'EXPIRED' ? true : null), 15_000, 'expired by the poller');
    } finally {
      orange.unavailable = false;
    }
    const events = await alertsOf(order.id);
    expect(events.map((e) => e.subject)).toEqual(['commerce.admin_alert.raised']);
    expect(events[0]!.data.title).toBe('Paiement à vérifier : Guide des racines');
    expect(await openAlert(order.id)).toMatchObject({ alert_reason: 'outcome-unknown' });

    orange.settleAt(order.attempt.reference, 'completed', null, 'MP-LATE-5');
    expect((await t.gql(RECHECK, { id: order.id }, admin())).data!.adminRecheckOrder.order.status).toBe('COMPLETED');
    expect(await subjects(order.id)).toEqual(['raised', 'cleared']);
  });

  it('an attempt the provider still calls pending at the end of the window is an abandoned checkout: no alert', async () => {
    const buyer = t.newUser();
    const order = (await t.startCheckout(buyer, { itemId: await t.publishItem(), itemType: 'VIDEO', method: 'ORANGE', phone: '699000906' })).order!;
    await until(async () => ((await t.order(order.id)).status === 'EXPIRED' ? true : null), 15_000, 'expired by the poller');
    expect(await subjects(order.id)).toEqual([]);
  });
});
