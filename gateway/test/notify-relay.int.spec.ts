import { freePort, removeRedisKeys, testKeys } from '@lbf/service-kit/testing';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startGateway, type RunningGateway } from '../src/app';
import { relayPeer, siteOrigin, TEST_SUBGRAPH_SECRET, testGatewayConfig } from './support';

/** Commerce's notification routes, answering as told. */
function asCommerce(req: IncomingMessage, res: ServerResponse): void {
  if (req.url?.startsWith('/payments/notify/orange')) return void res.writeHead(401, { 'content-type': 'text/plain' }).end('signature refusée');
  res.writeHead(200, { 'content-type': 'application/json', 'x-internal': 'stays inside' }).end('{"received":true}');
}

/**
 * Providers' notifications reach commerce through the gateway (`/payments/notify/{provider}`):
 * the body's exact bytes (NotchPay signs them), the signature header, the gateway's credential.
 */
describe('payment notifications through the gateway', () => {
  const commerce = relayPeer('commerce', asCommerce);
  const { received } = commerce;
  let gateway: RunningGateway;
  let downGateway: RunningGateway;

  beforeAll(async () => {
    gateway = await commerce.inFront();
    downGateway = await startGateway(
      testGatewayConfig({ subgraphs: [{ name: 'commerce', url: `http://127.0.0.1:${await freePort()}/graphql` }], authPublicKey: testKeys().publicKey }),
    );
  });

  afterAll(async () => {
    await downGateway?.stop();
  });


  it('passes the raw body bytes, the signature and the credential, and answers what commerce answered', async () => {
    // Spacing, key order, escapes and a non-ASCII character a JSON round trip would all change.
    const raw = Buffer.from('{"event":"payment.complete",  "data":{"reference":"trx.1","amount":5000,"note":"caf\\u00e9 é"}}\n', 'utf8');
    const res = await fetch(`${siteOrigin(gateway)}/payments/notify/notchpay?x=1`, {
      method: 'POST',
      body: raw,
      headers: {
        'content-type': 'application/json',
        'x-notch-signature': 'abc123',
        'user-agent': 'NotchPay-Webhook/1.0',
        'x-forwarded-for': '203.0.113.9',
        'accept-encoding': 'gzip',
        cookie: 'session=nope',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('x-internal')).toBeNull();
    expect(await res.json()).toEqual({ received: true });
    const got = received.at(-1)!;
    expect(got.method).toBe('POST');
    expect(got.url).toBe('/payments/notify/notchpay?x=1');
    expect(got.body.equals(raw)).toBe(true);
    expect(got.headers).toMatchObject({
      'content-type': 'application/json',
      'x-notch-signature': 'abc123',
      'user-agent': 'NotchPay-Webhook/1.0',
      'x-lbf-gateway-secret': TEST_SUBGRAPH_SECRET,
      'x-forwarded-for': '127.0.0.1',
    });
    expect(got.headers.cookie).toBeUndefined();
  });

  it("relays MTN's PUT and commerce's refusals with their status", async () => {
    const put = await fetch(`${siteOrigin(gateway)}/payments/notify/mtn`, { method: 'PUT', body: '{"status":"SUCCESSFUL"}', headers: { 'content-type': 'application/json' } });
    expect(put.status).toBe(200);
    expect(received.at(-1)).toMatchObject({ method: 'PUT', url: '/payments/notify/mtn' });
    const refused = await fetch(`${siteOrigin(gateway)}/payments/notify/orange`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(refused.status).toBe(401);
    expect(await refused.text()).toBe('signature refusée');
  });

  it('refuses a body over 64 KiB with 413 without reaching commerce', async () => {
    const before = received.length;
    const res = await fetch(`${siteOrigin(gateway)}/payments/notify/notchpay`, { method: 'POST', body: Buffer.alloc(64 * 1024 + 1, 0x61), headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(413);
    // Exactly at the limit still passes.
    const atLimit = await fetch(`${siteOrigin(gateway)}/payments/notify/notchpay`, { method: 'POST', body: Buffer.alloc(64 * 1024, 0x61), headers: { 'content-type': 'application/json' } });
    expect(atLimit.status).toBe(200);
    expect(received.length).toBe(before + 1);
  });

  it('answers 405 to other methods and 404 to unknown providers', async () => {
    const before = received.length;
    const get = await fetch(`${siteOrigin(gateway)}/payments/notify/notchpay`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, PUT');
    const del = await fetch(`${siteOrigin(gateway)}/payments/notify/mtn`, { method: 'DELETE' });
    expect(del.status).toBe(405);
    const unknown = await fetch(`${siteOrigin(gateway)}/payments/notify/paypal`, { method: 'POST', body: '{}' });
    expect(unknown.status).toBe(404);
    expect(received.length).toBe(before);
  });

  it('answers 502 unavailable when commerce is down', async () => {
    const res = await fetch(`${siteOrigin(downGateway)}/payments/notify/notchpay`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: 'unavailable' });
  });
});

/**
 * MoMo's and Orange's callbacks are unsigned by the providers' design: anyone can send one. Each
 * client address may send so many a minute (counted in Redis, shared by every gateway instance);
 * more are answered 429 with Retry-After before their body is read, and never reach commerce.
 */
describe('payment notifications: a rate limit per client address', () => {
  const commerce = relayPeer('commerce', asCommerce);
  const { received } = commerce;
  const PER_MINUTE = 5;
  let gateway: RunningGateway;
  let second: RunningGateway;
  const redisKeyPrefix = `test-notify-${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    // Its own counters; the test client is a trusted proxy, so X-Forwarded-For names the address.
    const limited = { redisKeyPrefix, trustedProxies: ['127.0.0.1'], notifyPerMinutePerIp: PER_MINUTE };
    gateway = await commerce.inFront(limited);
    second = await commerce.inFront(limited);
  });

  afterAll(() => removeRedisKeys(redisKeyPrefix));

  const notify = (g: RunningGateway, from: string, i: number) =>
    fetch(`${siteOrigin(g)}/payments/notify/mtn`, {
      method: 'PUT',
      body: JSON.stringify({ externalId: `forged-${i}`, status: 'SUCCESSFUL', padding: 'x'.repeat(30 * 1024) }),
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    });

  it(`lets ${PER_MINUTE} a minute through from one address, across instances, and refuses the rest with 429 and Retry-After`, async () => {
    const before = received.length;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => notify(i % 2 ? gateway : second, '203.0.113.50', i)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - PER_MINUTE);
    const refused = answers.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toEqual({ error: 'too many requests' });
    expect(received.length - before).toBe(PER_MINUTE);
  });

  it("another address keeps its own allowance", async () => {
    const before = received.length;
    const res = await notify(gateway, '203.0.113.51', 0);
    expect(res.status).toBe(200);
    expect(received.length - before).toBe(1);
    expect(received.at(-1)!.headers['x-forwarded-for']).toBe('203.0.113.51');
  });
});
