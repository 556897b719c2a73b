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
