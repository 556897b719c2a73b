/**
 * The sandbox's HTTP protocol as raw requests: the refusals and status codes the real providers
 * give (research/payments.md), which the clients' tests do not all reach.
 */
import { randomUUID } from 'node:crypto';
import { startPaymentsSandbox, type RunningSandbox } from '../src/server';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startPaymentsSandbox({ port: 0, webhookKey: 'test-key' });
});
afterAll(() => sb.stop());
beforeEach(() => void sb.state.reset());

const basic = (u: string, p: string) => `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}`;

async function call(method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
  const res = await fetch(`${sb.url}${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, body: json as Record<string, unknown> | null, headers: res.headers };
}

describe('MTN MoMo', () => {
  const sub = { 'ocp-apim-subscription-key': 'sandbox-subscription' };
  async function momoHeaders() {
    const t = await call('POST', '/momo/collection/token/', { ...sub, authorization: basic('sandbox-user', 'sandbox-key') });
    expect(t.status).toBe(200);
    expect(t.body).toMatchObject({ token_type: 'access_token', expires_in: 3600 });
    return { ...sub, authorization: `Bearer ${String(t.body!.access_token)}`, 'x-target-environment': 'mtncameroon' };
  }
  const rtp = (over: Record<string, unknown> = {}) => ({
    amount: '2356',
    currency: 'XAF',
    externalId: 'ext-1',
    payer: { partyIdType: 'MSISDN', partyId: '237677000000' },
    payerMessage: 'Achat LBF',
    payeeNote: 'Achat LBF',
    ...over,
  });

  it('token: 401 on a bad api key or subscription key', async () => {
    expect((await call('POST', '/momo/collection/token/', { ...sub, authorization: basic('sandbox-user', 'nope') })).status).toBe(401);
    expect((await call('POST', '/momo/collection/token/', { authorization: basic('sandbox-user', 'sandbox-key') })).status).toBe(401);
  });

  it('requesttopay: 202 with an empty body, then 409 RESOURCE_ALREADY_EXIST for the same X-Reference-Id', async () => {
    const h = await momoHeaders();
    const ref = randomUUID();
    const first = await call('POST', '/momo/collection/v1_0/requesttopay', { ...h, 'x-reference-id': ref }, rtp());
    expect(first).toMatchObject({ status: 202, body: null });
    const again = await call('POST', '/momo/collection/v1_0/requesttopay', { ...h, 'x-reference-id': ref }, rtp());
    expect(again).toMatchObject({ status: 409, body: { code: 'RESOURCE_ALREADY_EXIST' } });
    const s = await call('GET', `/momo/collection/v1_0/requesttopay/${ref}`, h);
    expect(s).toMatchObject({ status: 200, body: { status: 'PENDING', amount: '2356', currency: 'XAF', externalId: 'ext-1', payer: { partyIdType: 'MSISDN', partyId: '237677000000' } } });
  });

  it.each([
    ['a reference that is not a uuid4', 'not-a-uuid', rtp(), 400],
    ['& in a note', undefined, rtp({ payerMessage: 'A & B' }), 400],
    ["' in a note", undefined, rtp({ payeeNote: "L'achat" }), 400],
    ['a note over 160 characters', undefined, rtp({ payerMessage: 'x'.repeat(161) }), 400],
    ['the wrong currency', undefined, rtp({ currency: 'EUR' }), 400],
    ['an empty note (500 in production)', undefined, rtp({ payeeNote: '' }), 500],
  ])('requesttopay refuses %s', async (_what, reference, body, status) => {
    const h = await momoHeaders();
    const res = await call('POST', '/momo/collection/v1_0/requesttopay', { ...h, 'x-reference-id': reference ?? randomUUID() }, body);
    expect(res.status).toBe(status);
  });

  it('401 without a valid token (or an expired one), 403 on another target environment, 404 on an unknown reference', async () => {
    const h = await momoHeaders();
    expect((await call('GET', `/momo/collection/v1_0/requesttopay/${randomUUID()}`, { ...h, authorization: 'Bearer nope' })).status).toBe(401);
    expect((await call('GET', `/momo/collection/v1_0/requesttopay/${randomUUID()}`, { ...h, 'x-target-environment': 'sandbox' })).status).toBe(403);
    expect((await call('GET', `/momo/collection/v1_0/requesttopay/${randomUUID()}`, h)).body).toMatchObject({ code: 'RESOURCE_NOT_FOUND' });
    for (const t of sb.state.tokens.values()) t.expiresAt = Date.now() - 1;
    expect((await call('GET', `/momo/collection/v1_0/requesttopay/${randomUUID()}`, h)).status).toBe(401);
  });
});

describe('Orange Money', () => {
  async function omHeaders() {
    const t = await call('POST', '/orange/token', { authorization: basic('sandbox', 'sandbox'), 'content-type': 'application/x-www-form-urlencoded' }, 'grant_type=client_credentials');
    expect(t).toMatchObject({ status: 200, body: { token_type: 'Bearer' } });
    return { authorization: `Bearer ${String(t.body!.access_token)}`, 'x-auth-token': 'sandbox-auth' };
  }
  const pay = (payToken: string, over: Record<string, unknown> = {}) => ({
    notifUrl: 'http://127.0.0.1:9/notify',
    channelUserMsisdn: '691000000',
    amount: '2356',
    subscriberMsisdn: '699000004',
    pin: '0000',
    orderId: 'ord-1',
    description: 'Achat LBF',
    payToken,
    ...over,
  });

  it('token 401 on bad credentials; API 401 without Bearer or X-AUTH-TOKEN', async () => {
    expect((await call('POST', '/orange/token', { authorization: basic('sandbox', 'x') })).status).toBe(401);
    const h = await omHeaders();
    expect((await call('POST', '/orange/omcoreapis/1.0.2/mp/init', { ...h, authorization: 'Bearer x' }, {})).status).toBe(401);
    expect((await call('POST', '/orange/omcoreapis/1.0.2/mp/init', { authorization: h.authorization }, {})).status).toBe(401);
  });

  it('mp/init → payToken; mp/pay → PENDING with inittxnstatus 200; a payToken is used once; paymentstatus; 404 on unknown', async () => {
    const h = await omHeaders();
    const init = await call('POST', '/orange/omcoreapis/1.0.2/mp/init', h, {});
    const payToken = String((init.body!.data as { payToken: string }).payToken);
    expect(payToken).toMatch(/^MP/);
    const p = await call('POST', '/orange/omcoreapis/1.0.2/mp/pay', h, pay(payToken));
    expect(p).toMatchObject({ status: 200, body: { data: { status: 'PENDING', inittxnstatus: '200', payToken } } });
    expect((await call('POST', '/orange/omcoreapis/1.0.2/mp/pay', h, pay(payToken))).status).toBe(400);
    expect((await call('GET', `/orange/omcoreapis/1.0.2/mp/paymentstatus/${payToken}`, h)).body).toMatchObject({ data: { status: 'PENDING' } });
    expect((await call('GET', '/orange/omcoreapis/1.0.2/mp/paymentstatus/MPNOPE', h)).status).toBe(404);
  });

  it('mp/pay refuses a bad pin, channel, amount or subscriber number', async () => {
    const h = await omHeaders();
    for (const over of [{ pin: '1234' }, { channelUserMsisdn: '690000000' }, { amount: '12.5' }, { subscriberMsisdn: '237699000004' }]) {
      const init = await call('POST', '/orange/omcoreapis/1.0.2/mp/init', h, {});
      const res = await call('POST', '/orange/omcoreapis/1.0.2/mp/pay', h, pay(String((init.body!.data as { payToken: string }).payToken), over));
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
  });
});

describe('NotchPay', () => {
  const key = { authorization: 'pk_test.sandbox' };
  it('401 on a bad key; 422 on a missing email and phone; 201 on initialize; 404 on an unknown reference', async () => {
    expect((await call('POST', '/notchpay/payments/initialize', { authorization: 'Bearer pk_test.sandbox' }, { amount: 100, currency: 'XAF', email: 'a@b.c' })).status).toBe(401);
    expect((await call('POST', '/notchpay/payments/initialize', key, { amount: 100, currency: 'XAF' })).status).toBe(422);
    const ok = await call('POST', '/notchpay/payments', key, { amount: 100, currency: 'XAF', email: 'a@b.c', reference: 'r1' });
    expect(ok).toMatchObject({ status: 201, body: { code: 201, status: 'Accepted', message: 'Payment initialized', transaction: { status: 'pending', merchant_reference: 'r1' } } });
    expect((await call('GET', '/notchpay/payments/trx.nope', key)).status).toBe(404);
  });

  it('PUT answers 202 {action:"confirm"}; a finished payment cannot be charged again', async () => {
    const ok = await call('POST', '/notchpay/payments/initialize', key, { amount: 100, currency: 'XAF', email: 'a@b.c' });
    const ref = String((ok.body!.transaction as { reference: string }).reference);
    const put = await call('PUT', `/notchpay/payments/${ref}`, key, { channel: 'cm.orange', data: { phone: '+237656019261' } });
    expect(put).toMatchObject({ status: 202, body: { action: 'confirm' } });
    expect((await call('PUT', `/notchpay/payments/${ref}`, key, { channel: 'cm.orange', data: { phone: '+237656019261' } })).status).toBe(422);
    expect((await call('PUT', `/notchpay/payments/${ref}`, key, { channel: 'cm.nope', data: { phone: '+237656019261' } })).status).toBe(422);
  });
});

describe('phone and control', () => {
  it('the phone page shows the banner and, for a number, its pending prompts with Approuver / Refuser', async () => {
    // A real pending MoMo request for that number (a prompt without a live payment is not shown).
    const t = await call('POST', '/momo/collection/token/', { 'ocp-apim-subscription-key': 'sandbox-subscription', authorization: basic('sandbox-user', 'sandbox-key') });
    const h = { 'ocp-apim-subscription-key': 'sandbox-subscription', authorization: `Bearer ${String(t.body!.access_token)}`, 'x-target-environment': 'mtncameroon' };
    const body = { amount: '2356', currency: 'XAF', externalId: 'e', payer: { partyIdType: 'MSISDN', partyId: '237699555555' }, payerMessage: 'Guide PDF', payeeNote: 'Guide PDF' };
    expect((await call('POST', '/momo/collection/v1_0/requesttopay', { ...h, 'x-reference-id': randomUUID() }, body)).status).toBe(202);
    const res = await fetch(`${sb.url}/phone?msisdn=699555555`);
    const html = await res.text();
    expect(html).toContain('Mode test : paiements simulés');
    expect(html).toContain('2 356 FCFA');
    expect(html).toContain('Approuver');
    expect(html).toContain('Refuser');
    expect(html).toContain('http-equiv="refresh"');
  });

  it('an unknown prompt is 404; control refuses a bad switch', async () => {
    expect((await fetch(`${sb.url}/phone/api/prompts/${randomUUID()}/approve`, { method: 'POST' })).status).toBe(404);
    expect((await call('POST', '/control/next-callback', {}, { mode: 'sometimes' })).status).toBe(400);
    expect((await call('POST', '/control/config', {}, { windowMs: 1000 })).body).toMatchObject({ windowMs: { mtn: 1000, orange: 1000, notchpay: 1000 }, webhookKey: '[set]' });
  });
});

describe('operators switched to slow or failing (/control/operators), in each provider\'s protocol', () => {
  const until = async <T>(read: () => Promise<T | null>, what: string): Promise<T> => {
    for (let i = 0; i < 100; i++) {
      const value = await read();
      if (value !== null) return value;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`timed out waiting for ${what}`);
  };
  const sub = { 'ocp-apim-subscription-key': 'sandbox-subscription' };
  async function momo(partyId: string) {
    const t = await call('POST', '/momo/collection/token/', { ...sub, authorization: basic('sandbox-user', 'sandbox-key') });
    const h = { ...sub, authorization: `Bearer ${String(t.body!.access_token)}`, 'x-target-environment': 'mtncameroon' };
    const ref = randomUUID();
    const body = { amount: '2356', currency: 'XAF', externalId: 'e', payer: { partyIdType: 'MSISDN', partyId }, payerMessage: 'Guide PDF', payeeNote: 'Guide PDF' };
    expect((await call('POST', '/momo/collection/v1_0/requesttopay', { ...h, 'x-reference-id': ref }, body)).status).toBe(202);
    return { status: async () => (await call('GET', `/momo/collection/v1_0/requesttopay/${ref}`, h)).body! };
  }
  async function orange(subscriberMsisdn: string) {
    const t = await call('POST', '/orange/token', { authorization: basic('sandbox', 'sandbox'), 'content-type': 'application/x-www-form-urlencoded' }, 'grant_type=client_credentials');
    const h = { authorization: `Bearer ${String(t.body!.access_token)}`, 'x-auth-token': 'sandbox-auth' };
    const payToken = String(((await call('POST', '/orange/omcoreapis/1.0.2/mp/init', h, {})).body!.data as { payToken: string }).payToken);
    const body = { notifUrl: 'http://127.0.0.1:9/notify', channelUserMsisdn: '691000000', amount: '2356', subscriberMsisdn, pin: '0000', orderId: 'o', description: 'Guide', payToken };
    expect((await call('POST', '/orange/omcoreapis/1.0.2/mp/pay', h, body)).body).toMatchObject({ data: { status: 'PENDING', inittxnstatus: '200' } });
    return { status: async () => ((await call('GET', `/orange/omcoreapis/1.0.2/mp/paymentstatus/${payToken}`, h)).body!.data as { status: string }).status };
  }
  const prompts = async (msisdn: string) => ((await call('GET', `/phone/api/prompts?msisdn=${msisdn}`)).body!.prompts as Array<{ id: string }>);

  it('failing: MoMo answers FAILED INTERNAL_PROCESSING_ERROR for every number, with no prompt; the others stay normal', async () => {
    expect((await call('POST', '/control/operators', {}, { provider: 'mtn', mode: 'failing' })).body).toMatchObject({ operators: { mtn: { mode: 'failing' }, orange: { mode: 'normal' } } });
    for (const number of ['237677123456', '56733123453']) {
      expect(await (await momo(number)).status()).toMatchObject({ status: 'FAILED', reason: { code: 'INTERNAL_PROCESSING_ERROR' } });
    }
    expect(await prompts('237677123456')).toEqual([]);
    expect(await (await orange('699123456')).status()).toBe('PENDING');
    // Callbacks leave shortly after the answer (never inside it): wait for both, then count them.
    const sent = await until(async () => {
      const all = (await call('GET', '/control/sent?provider=mtn')).body!.sent as unknown[];
      return all.length >= 2 ? all : null;
    }, 'the two MoMo callbacks');
    expect(sent).toHaveLength(2);
  });

  it('failing: Orange accepts mp/pay then reports FAILED; NotchPay accepts the direct charge then fails it (signed webhook)', async () => {
    await call('POST', '/control/operators', {}, { provider: 'orange', mode: 'failing' });
    await call('POST', '/control/operators', {}, { provider: 'notchpay', mode: 'failing' });
    expect(await (await orange('699000001')).status()).toBe('FAILED');
    const key = { authorization: 'pk_test.sandbox' };
    const init = await call('POST', '/notchpay/payments/initialize', key, { amount: 100, currency: 'XAF', email: 'a@b.c', reference: 'r-fail' });
    const ref = String((init.body!.transaction as { reference: string }).reference);
    expect((await call('PUT', `/notchpay/payments/${ref}`, key, { channel: 'cm.orange', data: { phone: '+237656019261' } })).status).toBe(202);
    expect((await call('GET', `/notchpay/payments/${ref}`, key)).body).toMatchObject({ transaction: { status: 'failed' } });
    const webhook = await until(async () => ((await call('GET', '/control/sent?provider=notchpay')).body!.sent as Array<{ body: { event: string } }>)[0] ?? null, 'the webhook');
    expect(webhook.body.event).toBe('payment.failed');
  });

  it('slow: the answer (a test number\'s, or the payer\'s on the phone) comes late; pending meanwhile, then final with its callback', async () => {
    await call('POST', '/control/operators', {}, { provider: 'orange', mode: 'slow', delayMs: 1500 });
    await call('POST', '/control/operators', {}, { provider: 'mtn', mode: 'slow', delaySeconds: 1 });
    const paidAtOnce = await orange('699000001');
    expect(await paidAtOnce.status()).toBe('PENDING');
    expect((await call('GET', '/control/sent?provider=orange')).body!.sent).toEqual([]);
    expect(await until(async () => ((await paidAtOnce.status()) === 'SUCCESSFULL' ? true : null), 'the late success')).toBe(true);
    expect((await call('GET', '/control/sent?provider=orange')).body!.sent).toMatchObject([{ body: { status: 'SUCCESSFULL' } }]);

    const approved = await momo('237677123457');
    const [prompt] = await prompts('237677123457');
    expect((await call('POST', `/phone/api/prompts/${prompt!.id}/approve`)).status).toBe(200);
    expect(await approved.status()).toMatchObject({ status: 'PENDING' });
    expect(await prompts('237677123457')).toEqual([]);
    expect(await until(async () => ((await approved.status()).status === 'SUCCESSFUL' ? true : null), 'the late approval')).toBe(true);
  });

  it('a switch may name the payer numbers it applies to: the other payers of that provider are not affected', async () => {
    expect((await call('POST', '/control/operators', {}, { provider: 'orange', mode: 'failing', numbers: ['699111111', '+237 699 33 33 33'] })).body).toMatchObject({
      operators: { orange: { mode: 'failing', numbers: ['237699111111', '237699333333'] } },
    });
    expect(await (await orange('699111111')).status()).toBe('FAILED');
    expect(await (await orange('699333333')).status()).toBe('FAILED');
    expect(await (await orange('699222222')).status()).toBe('PENDING');
    expect((await call('POST', '/control/operators', {}, { provider: 'orange', mode: 'slow', numbers: ['12'] })).status).toBe(400);
  });

  it("the sandbox's page shows each operator's state and switches it with its form; reset restores them", async () => {
    const form = await fetch(`${sb.url}/control/operators`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'provider=orange&mode=slow&delaySeconds=90',
      redirect: 'manual',
    });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/');
    const html = await (await fetch(`${sb.url}/`)).text();
    expect(html).toMatch(/data-operator="orange"[\s\S]*data-mode="slow">Lent<\/span> \(réponse 90 s plus tard\)/);
    expect(html).toContain('En panne');
    expect((await call('GET', '/control/operators')).body).toMatchObject({ operators: { orange: { mode: 'slow', delayMs: 90_000 } } });
    expect((await call('POST', '/control/operators', {}, { provider: 'paypal', mode: 'slow' })).status).toBe(400);
    await call('POST', '/control/reset', {}, {});
    expect((await call('GET', '/control/operators')).body).toMatchObject({ operators: { orange: { mode: 'normal' }, mtn: { mode: 'normal' }, notchpay: { mode: 'normal' } } });
  });
});
