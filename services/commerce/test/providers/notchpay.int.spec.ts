import { standIn } from '@lbf/service-kit/testing';
import { randomUUID } from 'node:crypto';
import {
  ChargeNotAtProvider,
  createNotchPayClient,
  notchPaySignature,
  parseNotchPayWebhook,
  ProviderRejected,
  verifyNotchPayWebhook,
  type NotchPayClient,
} from '../../src/providers';
import { answerPhone, chargeRequest, providerWorld, until, type Received } from './world';

describe('NotchPay client against the sandbox', () => {
  const world = providerWorld();
  const notch = standIn(() => world.providers.get('notchpay') as NotchPayClient);

  const webhooks = () => world.receiver.received.filter((r) => r.path === '/payments/notify/notchpay');
  const nextWebhook = (n = 1) => until(() => (webhooks().length >= n ? webhooks()[n - 1] : undefined), 3000, `webhook #${n}`);
  const verify = (r: Received) => notch.verifyNotification({ provider: 'notchpay', rawBody: r.rawBody, headers: r.headers });
  const start = (reference = `ord-${randomUUID()}-a1`) => notch.charge(chargeRequest(world, { provider: 'notchpay', reference }));

  it('is on the sandbox with a 3-hour window', () => {
    expect(notch.sandbox).toBe(true);
    expect(notch.windowMs).toBe(3 * 60 * 60 * 1000);
  });

  it('initialize gives the hosted page; "Payer" completes, redirects to the return URL and sends a signed payment.complete', async () => {
    const reference = `ord-${randomUUID()}-a1`;
    const started = await start(reference);
    expect(started).toMatchObject({ outcome: 'pending', rawStatus: 'pending', exchange: { kind: 'notchpay.initialize', httpStatus: 201 } });
    expect(started.providerReference).toMatch(/^trx\.test_/);
    expect(started.authorizationUrl).toBe(`${world.sandbox.url}/notchpay/pay/${started.providerReference}`);

    const pageHtml = await (await fetch(started.authorizationUrl!)).text();
    expect(pageHtml).toContain('Mode test : paiements simulés');
    expect(pageHtml).toContain('Payer');
    expect(pageHtml).toContain('Refuser');
    expect(pageHtml).toContain('2 356 FCFA');

    const paid = await fetch(`${started.authorizationUrl}/complete`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe('http://localhost:4000/paiement/retour');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      reference: started.providerReference,
      trxref: reference,
      notchpay_trxref: started.providerReference,
      status: 'complete',
    });

    expect(await notch.status({ reference, providerReference: started.providerReference })).toMatchObject({ outcome: 'completed', rawStatus: 'complete' });
    // GET by our own reference works too.
    expect((await notch.status({ reference, providerReference: null })).outcome).toBe('completed');

    const hook = await nextWebhook();
    expect(hook.method).toBe('POST');
    expect(hook.headers['x-notch-signature']).toBe(notchPaySignature(hook.rawBody, world.webhookKey));
    const verdict = verify(hook);
    expect(verdict).toMatchObject({ valid: true, signed: true, reference, providerReference: started.providerReference });
    expect(parseNotchPayWebhook(JSON.parse(hook.rawBody.toString()))).toMatchObject({ event: 'payment.complete', status: 'complete', outcome: 'completed' });
  });

  it('"Refuser" fails it and sends payment.failed', async () => {
    const started = await start();
    await fetch(`${started.authorizationUrl}/decline`, { method: 'POST', redirect: 'manual' });
    expect((await notch.status({ reference: 'x', providerReference: started.providerReference })).outcome).toBe('failed');
    const hook = await nextWebhook();
    expect(parseNotchPayWebhook(JSON.parse(hook.rawBody.toString()))).toMatchObject({ event: 'payment.failed', outcome: 'failed' });
  });

  it.each([
    ['+237674481721', 'cm.mtn', 'completed'],
    ['+237656019261', 'cm.orange', 'completed'],
    ['+237674000000', 'cm.mtn', 'failed'],
    ['+237656000000', 'cm.orange', 'failed'],
  ] as const)('direct charge (PUT) to %s on %s: %s', async (phone, channel, outcome) => {
    const started = await start();
    const pushed = await notch.pushCharge({ reference: 'x', providerReference: started.providerReference, phone, channel });
    expect(pushed).toMatchObject({ outcome: 'pending', rawStatus: 'confirm', exchange: { kind: 'notchpay.charge', httpStatus: 202 } });
    await until(async () => (await notch.status({ reference: 'x', providerReference: started.providerReference })).outcome === outcome);
  });

  it('a direct charge to another number waits for the phone', async () => {
    const started = await start();
    await notch.pushCharge({ reference: 'x', providerReference: started.providerReference, phone: '+237670101010', channel: 'cm.mtn' });
    await answerPhone(world, '237670101010', 'approve');
    expect((await notch.status({ reference: 'x', providerReference: started.providerReference })).outcome).toBe('completed');
  });

  it('cancel (DELETE) cancels a pending payment; cancelling again is harmless', async () => {
    const started = await start();
    await notch.cancel({ reference: 'x', providerReference: started.providerReference });
    expect((await notch.status({ reference: 'x', providerReference: started.providerReference })).outcome).toBe('canceled');
    await notch.cancel({ reference: 'x', providerReference: started.providerReference });
    const hook = await nextWebhook();
    expect(JSON.parse(hook.rawBody.toString()).event).toBe('payment.canceled');
  });

  it('expires after the window and says so in a webhook', async () => {
    await world.control('/config', { windowMs: { notchpay: 200 } });
    const started = await start();
    const hook = await nextWebhook();
    expect(JSON.parse(hook.rawBody.toString()).event).toBe('payment.expired');
    expect((await notch.status({ reference: 'x', providerReference: started.providerReference })).outcome).toBe('expired');
  });

  it('a reference used twice is answered from the existing payment (409 then GET)', async () => {
    const reference = `ord-${randomUUID()}-a1`;
    const first = await start(reference);
    const again = await start(reference);
    expect(again).toMatchObject({ providerReference: first.providerReference, authorizationUrl: first.authorizationUrl, exchange: { kind: 'notchpay.initialize.existing' } });
    expect(world.sandbox.state.notchpay.size).toBe(1);
  });

  it('an unknown reference is a charge never made (ChargeNotAtProvider); bad keys are refused', async () => {
    await expect(notch.status({ reference: 'nope', providerReference: null })).rejects.toBeInstanceOf(ChargeNotAtProvider);
    const bad = createNotchPayClient({ ...world.configs.notchpay!, publicKey: 'pk_test.wrong' });
    const err = await bad.charge(chargeRequest(world, { provider: 'notchpay' })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderRejected);
    expect(err).toMatchObject({ reasonCode: 'HTTP_401' });
  });

  describe('webhook signature', () => {
    it('a forged webhook (claims complete, signed with another key) is refused', async () => {
      await world.control('/next-callback', { mode: 'forged' });
      const started = await start();
      await fetch(`${started.authorizationUrl}/decline`, { method: 'POST', redirect: 'manual' });
      const hook = await nextWebhook();
      expect(JSON.parse(hook.rawBody.toString()).event).toBe('payment.complete');
      expect(verify(hook)).toMatchObject({ valid: false, reason: 'bad signature' });
    });

    it('checks the raw bytes: a re-serialised or tampered body, a wrong length, a missing header all fail', async () => {
      const started = await start();
      await fetch(`${started.authorizationUrl}/complete`, { method: 'POST', redirect: 'manual' });
      const hook = await nextWebhook();
      const sig = String(hook.headers['x-notch-signature']);
      const tampered = Buffer.from(hook.rawBody.toString().replace('"complete"', '"completE"'));
      expect(verifyNotchPayWebhook(tampered, { 'x-notch-signature': sig }, world.webhookKey)).toMatchObject({ valid: false, reason: 'bad signature' });
      expect(verifyNotchPayWebhook(hook.rawBody, { 'x-notch-signature': sig.slice(0, 40) }, world.webhookKey)).toMatchObject({ valid: false, reason: 'bad signature' });
      expect(verifyNotchPayWebhook(hook.rawBody, { 'x-notch-signature': `${sig}00` }, world.webhookKey)).toMatchObject({ valid: false, reason: 'bad signature' });
      expect(verifyNotchPayWebhook(hook.rawBody, {}, world.webhookKey)).toMatchObject({ valid: false, reason: 'missing signature' });
      expect(verifyNotchPayWebhook(hook.rawBody, { 'X-Notch-Signature': sig.toUpperCase() }, world.webhookKey)).toMatchObject({ valid: true });
      expect(verifyNotchPayWebhook(hook.rawBody, { 'x-notch-signature': sig }, '')).toMatchObject({ valid: false });
    });

    it('reads `type` when `event` is absent and data.transaction.* as fallbacks', () => {
      const body = { id: 'evt.1', type: 'payment.failed', data: { transaction: { status: 'failed', reference: 'trx.1', merchant_reference: 'ord-1' } } };
      expect(parseNotchPayWebhook(body)).toEqual({ eventId: 'evt.1', event: 'payment.failed', status: 'failed', outcome: 'failed', reference: 'ord-1', providerReference: 'trx.1' });
      const raw = Buffer.from(JSON.stringify(body));
      expect(verifyNotchPayWebhook(raw, { 'x-notch-signature': notchPaySignature(raw, 'k') }, 'k')).toEqual({
        valid: true,
        signed: true,
        reference: 'ord-1',
        providerReference: 'trx.1',
        eventId: 'evt.1',
      });
    });

    it('a webhook sent twice carries the same event id (for deduplication)', async () => {
      await world.control('/next-callback', { mode: 'twice' });
      const started = await start();
      await fetch(`${started.authorizationUrl}/complete`, { method: 'POST', redirect: 'manual' });
      const [a, b] = [await nextWebhook(1), await nextWebhook(2)];
      expect(verify(a)).toMatchObject({ valid: true });
      expect(verify(b)).toEqual(verify(a));
    });
  });
});
