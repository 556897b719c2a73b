import { withHarness } from '@lbf/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { CHECK_PAYMENT, commerceHarness, until } from './harness';

describe('checkout', () => {
  const t = withHarness(() => commerceHarness());

  it('charges the price list in FCFA (rounded up) and completes once the provider says paid', async () => {
    const itemId = await t.publishItem({ priceCents: 359, title: 'Tisanes du soir' });
    const buyer = t.newUser();
    const email = await t.registerBuyer(buyer);
    const events = await t.events(['commerce.purchase.completed']);
    const { order, error } = await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'MTN', phone: '677123456' });
    expect(error).toBeNull();
    expect(order).toMatchObject({ status: 'PENDING', itemTitle: 'Tisanes du soir', buyerEmail: email, amount: { usdCents: 359, xaf: 2356 }, method: 'MTN' });
    expect(order!.attempt).toMatchObject({ status: 'PENDING', phone: '+237677123456', method: 'MTN' });
    expect(order!.attempt.reference).toMatch(/^[0-9a-f-]{36}$/);
    expect(t.fakes.mtn.payments.get(order!.attempt.reference)!.request.amountXaf).toBe(2356);

    t.fakes.mtn.settleAt(order!.attempt.reference, 'completed', null, 'FT-1');
    const checked = await t.gql(CHECK_PAYMENT, { orderId: order!.id }, buyer);
    expect(checked.data!.checkPayment.order).toMatchObject({ status: 'COMPLETED', attempt: { status: 'COMPLETED', operatorTransactionId: 'FT-1' } });
    expect(checked.data!.checkPayment.order.receiptNumber).toMatch(/^LBF-\d{4}-\d{6}$/);
    await until(() => (events.received.length ? true : null), 5000, 'purchase.completed');
    expect(events.received[0]!.data).toMatchObject({ orderId: order!.id, buyerId: buyer.userId, buyerEmail: email, buyerName: 'Awa Ngo', itemId, itemType: 'video', amountUsdCents: 359, amountXaf: 2356, provider: 'mtn', operatorTransactionId: 'FT-1' });

    const again = await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'MTN', phone: '677123456' });
    expect(again.error).toMatchObject({ code: 'ALREADY_PURCHASED' });
  });

  it('two "Payer" at once give one order and one attempt (one charge)', async () => {
    const itemId = await t.publishItem({ itemType: 'pdf', priceCents: 100 });
    const buyer = t.newUser();
    const before = t.fakes.orange.count('charge');
    const results = await Promise.all(
      Array.from({ length: 4 }, () => t.startCheckout(buyer, { itemId, itemType: 'PDF', method: 'ORANGE', phone: '699000001' })),
    );
    const ids = new Set(results.map((r) => r.order!.id));
    const attempts = new Set(results.map((r) => r.order!.attempt.id));
    expect(ids.size).toBe(1);
    expect(attempts.size).toBe(1);
    expect(t.fakes.orange.count('charge') - before).toBe(1);
    const rows = await t.sql.query(`SELECT count(*)::int AS n FROM commerce.payment_attempts WHERE order_id = $1`, [[...ids][0]]);
    expect(rows.rows[0].n).toBe(1);
    expect(results[0]!.order!.amount).toEqual({ usdCents: 100, xaf: 656 });
  });

  it('the database refuses a second live attempt even if the code tried', async () => {
    const itemId = await t.publishItem();
    const buyer = t.newUser();
    const { order } = await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'NOTCHPAY' });
    await expect(
      t.sql.query(
        `INSERT INTO commerce.payment_attempts (id, order_id, number, provider, reference, status, expires_at) VALUES ($1, $2, 99, 'mtn', $3, 'pending', now())`,
        [randomUUID(), order!.id, randomUUID()],
      ),
    ).rejects.toThrow(/payment_attempts_one_live/);
  });

  it('refuses without consent, without phone for Orange/MTN, with a bad phone, signed out, or for an unknown item', async () => {
    const itemId = await t.publishItem();
    const buyer = t.newUser();
    expect((await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'MTN', phone: '677123456', consentImmediateAccess: false })).error).toMatchObject({
      code: 'CONSENT_REQUIRED',
    });
    expect((await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'ORANGE' })).error).toEqual({
      code: 'MISSING_INFORMATION',
      message: 'Informations manquantes',
      field: 'phone',
    });
    expect((await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'MTN', phone: '12' })).error).toMatchObject({ code: 'PHONE_INVALID', field: 'phone' });
    expect((await t.startCheckout(null, { itemId, itemType: 'VIDEO', method: 'NOTCHPAY' })).error).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'Utilisateur non connecté',
    });
    expect((await t.startCheckout(buyer, { itemId: randomUUID(), itemType: 'VIDEO', method: 'NOTCHPAY' })).error).toMatchObject({ code: 'NOT_FOR_SALE' });
    expect((await t.startCheckout(buyer, { itemId, itemType: 'PDF', method: 'NOTCHPAY' })).error).toMatchObject({ code: 'NOT_FOR_SALE' });
  });

  it('needs the health-data consent: asserted by the request, or seen from identity (a withdrawal refuses again; an older event changes nothing)', async () => {
    const itemId = await t.publishItem();
    const buyer = t.newUser();
    const pay = () => t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'NOTCHPAY', consentHealthData: null });
    expect((await pay()).error).toEqual({ code: 'HEALTH_CONSENT_REQUIRED', message: 'Votre consentement est nécessaire pour acheter ce contenu.', field: 'consentHealthData' });
    expect(await t.sql.query('SELECT 1 FROM commerce.orders WHERE buyer_id = $1', [buyer.userId])).toMatchObject({ rowCount: 0 });
    const applied = async () => (await t.sql.query(`SELECT count(*)::int AS n FROM commerce.inbox WHERE consumer = 'commerce-health-consents'`)).rows[0].n as number;
    const consent = async (given: boolean, changedAt: string) => {
      const before = await applied();
      await t.publish('identity.user.consent_changed', { userId: buyer.userId, kind: 'health_data', given, version: '2026-11-27', source: 'account', changedAt });
      await t.until(async () => ((await applied()) > before ? true : null), 5000, 'the consent event');
    };
    await consent(false, '2026-11-27T10:00:00.000Z');
    expect((await pay()).error).toMatchObject({ code: 'HEALTH_CONSENT_REQUIRED' });
    await consent(true, '2026-11-27T11:00:00.000Z');
    await consent(false, '2026-11-27T09:00:00.000Z'); // older: arrives late, changes nothing
    expect((await pay()).order).toMatchObject({ status: 'PENDING' });
    await consent(false, '2026-11-27T12:00:00.000Z');
    const other = await t.publishItem();
    expect((await t.startCheckout(buyer, { itemId: other, itemType: 'VIDEO', method: 'NOTCHPAY', consentHealthData: false })).error).toMatchObject({ code: 'HEALTH_CONSENT_REQUIRED' });
    // Asserted by the request (the dialog, having just recorded it with identity): accepted.
    expect((await t.startCheckout(buyer, { itemId: other, itemType: 'VIDEO', method: 'NOTCHPAY', consentHealthData: true })).order).toMatchObject({ status: 'PENDING' });
  });

  it('the price cannot come from the client: no price input exists, and the charge is the price list\'s', async () => {
    const itemId = await t.publishItem({ priceCents: 359 });
    const buyer = t.newUser();
    const forged = await t.gql(
      `mutation { startCheckout(input: { itemId: "${itemId}", itemType: VIDEO, method: NOTCHPAY, consentImmediateAccess: true, consentHealthData: true, amount: 1 }) { order { id } } }`,
      {},
      buyer,
    );
    expect(forged.errors?.[0]?.message).toMatch(/amount/);
    const { order } = await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'NOTCHPAY' });
    expect(order!.amount).toEqual({ usdCents: 359, xaf: 2356 });
    expect(t.fakes.notchpay.payments.get(order!.attempt.reference)!.request.amountXaf).toBe(2356);
    expect(order!.attempt.reference).toBe(`${order!.id}-a1`);
    expect(order!.attempt.authorizationUrl).toBe(`https://pay.example/${order!.id}-a1`);
  });

  it('a price change reaches the next order; an older event never brings back an old price; deleted is not for sale', async () => {
    const itemId = await t.publishItem({ priceCents: 359, occurredAt: '2026-01-02T00:00:00.000Z' });
    await t.publishItem({ itemId, priceCents: 500, subject: 'catalogue.item.updated', occurredAt: '2026-01-03T00:00:00.000Z' });
    await t.publish('catalogue.item.updated', { itemId, itemType: 'video', title: 'vieux', priceCents: 1, currency: 'USD', occurredAt: '2026-01-01T00:00:00.000Z' });
    const quote = `query Q($itemId: ID!) { quote(itemId: $itemId, itemType: VIDEO) { usdCents xaf } }`;
    await new Promise((r) => setTimeout(r, 500));
    expect((await t.gql(quote, { itemId })).data!.quote).toEqual({ usdCents: 500, xaf: 3280 });
    await t.publishItem({ itemId, subject: 'catalogue.item.deleted', occurredAt: '2026-01-04T00:00:00.000Z' });
    expect((await t.gql(quote, { itemId })).data!.quote).toBeNull();
  });

  it('a failed attempt shows the reason in French and a retry is a new attempt on the same order', async () => {
    const itemId = await t.publishItem();
    const buyer = t.newUser();
    const events = await t.events(['commerce.purchase.failed']);
    const first = (await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'MTN', phone: '677000111' })).order!;
    t.fakes.mtn.settleAt(first.attempt.reference, 'failed', 'NOT_ENOUGH_FUNDS');
    const failed = (await t.gql(CHECK_PAYMENT, { orderId: first.id }, buyer)).data!.checkPayment.order;
    expect(failed).toMatchObject({ status: 'FAILED', attempt: { status: 'FAILED', failureCode: 'NOT_ENOUGH_FUNDS', failureMessage: 'Solde insuffisant.' } });
    await until(() => (events.received.some((e) => e.data.orderId === first.id) ? true : null), 5000, 'purchase.failed');
    const retry = (await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'ORANGE', phone: '699000001' })).order!;
    expect(retry.id).toBe(first.id);
    expect(retry.attempts).toHaveLength(2);
    expect(retry.attempt).toMatchObject({ status: 'PENDING', method: 'ORANGE' });
    expect(retry.attempt.reference).toBe(`${first.id}-a2`);
  });

  it('lists the offered methods with the sandbox flag and their windows', async () => {
    const res = await t.gql(`{ paymentMethods { method label requiresPhone sandbox windowSeconds hint } exchangeRate { xafPerUsd } }`);
    expect(res.data!.paymentMethods.map((m: { method: string }) => m.method)).toEqual(['ORANGE', 'MTN', 'NOTCHPAY']);
    expect(res.data!.paymentMethods[1]).toMatchObject({ label: 'MTN Mobile Money', requiresPhone: true, sandbox: true, windowSeconds: 300 });
    expect(res.data!.paymentMethods[2]).toMatchObject({ requiresPhone: false, windowSeconds: 10800 });
    expect(res.data!.exchangeRate).toEqual({ xafPerUsd: 656 });
  });
});
