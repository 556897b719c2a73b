/**
 * End to end against the real provider sandbox on loopback: the real clients, the sandbox's phone
 * page and callbacks, which reach commerce through a stand-in for the gateway's relay (it adds the
 * subgraph secret, as the gateway does for /payments/notify/*).
 */
import { GATEWAY_SECRET_HEADER } from '@lbf/service-kit';
import { randomBytes } from 'node:crypto';
import { startPaymentsSandbox, type RunningSandbox } from '../../../sandbox/payments/src/server';
import { startForwardingProxy, type RunningProxy } from './forwarding-proxy';
import { commerceHarness, sandboxProviders, until, type CommerceHarness } from './harness';

/** Forwards /payments/notify/* to commerce with the gateway's secret, like the gateway's relay. */
function startRelay(target: () => { base: string; secret: string }): Promise<RunningProxy> {
  return startForwardingProxy(() => {
    const { base, secret } = target();
    return { base, headers: { [GATEWAY_SECRET_HEADER]: secret } };
  });
}

describe('commerce against the payments sandbox', () => {
  let t: CommerceHarness;
  let sandbox: RunningSandbox;
  let relay: { url: string; stop(): Promise<void> };
  const webhookKey = randomBytes(24).toString('base64url');
  let commerceBase = '';

  beforeAll(async () => {
    // The sandbox needs the relay's URL and commerce needs the sandbox's: the relay learns its target last.
    relay = await startRelay(() => ({ base: commerceBase, secret: t.env.subgraphSecret }));
    sandbox = await startPaymentsSandbox({ port: 0, webhookKey, notchpayWebhookUrl: `${relay.url}/payments/notify/notchpay`, windowMs: { mtn: 2500 }, sweepEveryMs: 50 });
    t = await commerceHarness({
      fake: false,
      config: {
        providers: sandboxProviders(sandbox.url, webhookKey, { mtn: 2500 }),
        notifyUrl: `${relay.url}/payments/notify`,
        pollDelaysMs: [400, 800, 1500],
      },
    });
    commerceBase = t.app.url.replace(/\/graphql$/, '');
  });
  afterAll(async () => {
    await t?.teardown();
    await relay?.stop();
    await sandbox?.stop();
  });

  const control = async (path: string, body: unknown) => {
    const res = await fetch(`${sandbox.url}/control${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`control ${path}: ${res.status}`);
  };
  const answerPhone = async (msisdn: string, action: 'approve' | 'decline') => {
    const prompts = await until(async () => {
      const r = (await (await fetch(`${sandbox.url}/phone/api/prompts?msisdn=${msisdn}`)).json()) as { prompts: Array<{ id: string }> };
      return r.prompts.length ? r.prompts : null;
    }, 5000, `a prompt on ${msisdn}`);
    const res = await fetch(`${sandbox.url}/phone/api/prompts/${prompts[0]!.id}/${action}`, { method: 'POST' });
    expect(res.status).toBe(200);
  };
  const waitStatus = (orderId: string, status: string, ms = 8000) =>
    until(async () => {
      const o = await t.order(orderId);
      return o.status === status ? o : null;
    }, ms, `order ${status}`);

  it('MTN: approved on the phone page -> completed, with the operator transaction id and a receipt', async () => {
    const itemId = await t.publishItem({ priceCents: 359 });
    const buyer = t.newUser();
    await t.registerBuyer(buyer);
    const { order, error } = await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'MTN', phone: '677000111' });
    expect(error).toBeNull();
    expect(order!.attempt).toMatchObject({ status: 'PENDING', phone: '+237677000111' });
    await answerPhone('237677000111', 'approve');
    const done = await waitStatus(order!.id, 'COMPLETED');
    expect(done.attempt.operatorTransactionId).toBeTruthy();
    expect(done.receiptNumber).toMatch(/^LBF-\d{4}-\d{6}$/);
    const payments = (await (await fetch(`${sandbox.url}/control/payments`)).json()) as { mtn: Array<{ amount: string }> };
    expect(payments.mtn.map((p) => String(p.amount))).toContain('2356');
  });

  it('MTN test numbers: 56733123453 succeeds at once, 46733123451 is rejected (reason in French)', async () => {
    const buyer = t.newUser();
    const ok = (await t.startCheckout(buyer, { itemId: await t.publishItem(), itemType: 'VIDEO', method: 'MTN', phone: '56733123453' })).order!;
    await waitStatus(ok.id, 'COMPLETED');
    const ko = (await t.startCheckout(buyer, { itemId: await t.publishItem(), itemType: 'VIDEO', method: 'MTN', phone: '46733123451' })).order!;
    const failed = await waitStatus(ko.id, 'FAILED');
    expect(failed.attempt).toMatchObject({ failureCode: 'APPROVAL_REJECTED', failureMessage: 'Paiement refusé sur le téléphone.' });
  });

  it('MTN: the callback dropped, the poller still settles it', async () => {
    await control('/next-callback', { mode: 'drop' });
    const buyer = t.newUser();
    const order = (await t.startCheckout(buyer, { itemId: await t.publishItem(), itemType: 'VIDEO', method: 'MTN', phone: '677000112' })).order!;
    await answerPhone('237677000112', 'approve');
    await waitStatus(order.id, 'COMPLETED');
  });

  it('MTN: 46733123454 stays pending, the attempt expires after the window', async () => {
    const buyer = t.newUser();
    const order = (await t.startCheckout(buyer, { itemId: await t.publishItem(), itemType: 'VIDEO', method: 'MTN', phone: '46733123454' })).order!;
    const expired = await waitStatus(order.id, 'EXPIRED', 12_000);
    expect(expired.attempt.failureMessage).toBe('Le délai de confirmation est dépassé.');
  });

  it('Orange: insufficient balance fails with "Solde insuffisant."; another number approved on the phone completes; "Renvoyer la demande" works', async () => {
    const buyer = t.newUser();
    const poor = (await t.startCheckout(buyer, { itemId: await t.publishItem({ itemType: 'pdf', priceCents: 100 }), itemType: 'PDF', method: 'ORANGE', phone: '699000002' })).order!;
    const failed = await waitStatus(poor.id, 'FAILED');
    expect(failed.attempt.failureMessage).toBe('Solde insuffisant.');

    const order = (await t.startCheckout(buyer, { itemId: await t.publishItem({ itemType: 'pdf', priceCents: 100 }), itemType: 'PDF', method: 'ORANGE', phone: '699123457' })).order!;
    expect(order.amount).toEqual({ usdCents: 100, xaf: 656 });
    const resent = await t.gql(`mutation($id: ID!) { resendPaymentPrompt(orderId: $id) { order { status } error { code message } } }`, { id: order.id }, buyer);
    expect(resent.data!.resendPaymentPrompt).toEqual({ order: { status: 'PENDING' }, error: null });
    await answerPhone('237699123457', 'approve');
    await waitStatus(order.id, 'COMPLETED');
  });

  it('NotchPay: hosted page paid -> signed webhook through the relay -> completed; a direct charge completes too', async () => {
    const buyer = t.newUser();
    const order = (await t.startCheckout(buyer, { itemId: await t.publishItem(), itemType: 'VIDEO', method: 'NOTCHPAY' })).order!;
    expect(order.attempt.authorizationUrl).toMatch(new RegExp(`^${sandbox.url}/notchpay/pay/`));
    const paid = await fetch(`${order.attempt.authorizationUrl}/complete`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    await waitStatus(order.id, 'COMPLETED');
    const log = await t.sql.query(`SELECT outcome, signature_valid FROM commerce.webhook_log WHERE provider = 'notchpay' AND attempt_id = $1`, [order.attempt.id]);
    expect(log.rows).toContainEqual({ outcome: 'nudged', signature_valid: true });

    const direct = (await t.startCheckout(buyer, { itemId: await t.publishItem(), itemType: 'VIDEO', method: 'NOTCHPAY', phone: '674481721' })).order!;
    await waitStatus(direct.id, 'COMPLETED');
  });

  it('NotchPay: a forged webhook (sandbox switch) changes nothing', async () => {
    const buyer = t.newUser();
    const order = (await t.startCheckout(buyer, { itemId: await t.publishItem(), itemType: 'VIDEO', method: 'NOTCHPAY' })).order!;
    await control('/next-callback', { mode: 'forged' });
    await fetch(`${order.attempt.authorizationUrl}/decline`, { method: 'POST', redirect: 'manual' }).catch(() => undefined);
    await until(async () => {
      const r = await t.sql.query(`SELECT 1 FROM commerce.webhook_log WHERE provider = 'notchpay' AND signature_valid = false`);
      return r.rowCount ? true : null;
    }, 5000, 'the forged webhook');
    // Whatever the forged one said, the order follows the provider's own status only.
    const o = await t.order(order.id);
    expect(['PENDING', 'FAILED', 'CANCELED']).toContain(o.status);
    expect(o.status).not.toBe('COMPLETED');
  });

  it('"J\'ai payé mais je n\'ai pas accès": the provider is asked and the order completes', async () => {
    const buyer = t.newUser();
    await control('/next-callback', { mode: 'drop' });
    const order = (await t.startCheckout(buyer, { itemId: await t.publishItem(), itemType: 'VIDEO', method: 'ORANGE', phone: '699000001' })).order!;
    const claim = await t.gql(
      `mutation($input: PaymentClaimInput!) { claimPayment(input: $input) { resolved message order { id status } error { code } } }`,
      { input: { phone: '699000001', paidAt: new Date().toISOString() } },
      buyer,
    );
    expect(claim.data!.claimPayment).toMatchObject({ resolved: true, order: { id: order.id, status: 'COMPLETED' }, error: null });
  });
});
