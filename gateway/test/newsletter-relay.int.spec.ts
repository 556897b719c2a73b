import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RunningGateway } from '../src/app';
import { relayPeer, siteOrigin, TEST_SUBGRAPH_SECRET } from './support';

const DESTINATION = 'https://www.exemple.cm/article?utm_source=newsletter&x=é';

/** Messaging's newsletter routes, as messaging answers them. */
function asMessaging(req: IncomingMessage, res: ServerResponse): void {
  if (req.url?.startsWith('/newsletter/lien/')) {
    return void res.writeHead(302, { location: encodeURI(DESTINATION), 'cache-control': 'no-store', 'x-internal': 'stays inside' }).end();
  }
  if (req.url?.startsWith('/newsletter/desinscription/refus')) return void res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('lien invalide');
  res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'x-internal': 'stays inside' }).end('désinscrit');
}

/**
 * The newsletter's links in mails reach messaging through the gateway: the RFC 8058 one-click
 * unsubscribe POST and the tracked link's 302, with the gateway's credential and no session.
 */
describe('newsletter links through the gateway', () => {
  const messaging = relayPeer('messaging', asMessaging);
  const { received } = messaging;
  let gateway: RunningGateway;
  let webDist: string;
  const token = 'eyJ0IjoidW5zdWIiLCJzIjoxMn0.Zm9vYmFy_-';

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'lbf-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>LBF</title><div id="root">application web</div>');
    gateway = await messaging.inFront({ webDist });
  });

  afterAll(() => rmSync(webDist, { recursive: true, force: true }));

  const origin = () => siteOrigin(gateway);

  it('passes the one-click POST (method, path, exact body, content-type), the credential and the client IP, never the cookies', async () => {
    const res = await fetch(`${origin()}/newsletter/desinscription/${token}`, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'GoogleOneClick/1.0', cookie: 'lbf_session=nope', 'x-forwarded-for': '203.0.113.9' },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('désinscrit');
    expect(res.headers.get('x-internal')).toBeNull();
    const got = received.at(-1)!;
    expect(got.method).toBe('POST');
    expect(got.url).toBe(`/newsletter/desinscription/${token}`);
    expect(got.body.toString('utf8')).toBe('List-Unsubscribe=One-Click');
    expect(got.headers).toMatchObject({
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': 'GoogleOneClick/1.0',
      'x-lbf-gateway-secret': TEST_SUBGRAPH_SECRET,
      'x-forwarded-for': '127.0.0.1',
    });
    expect(got.headers.cookie).toBeUndefined();
  });

  it("answers messaging's refusal with its status", async () => {
    const res = await fetch(`${origin()}/newsletter/desinscription/refus.1`, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('lien invalide');
  });

  it("relays a tracked link's GET and passes messaging's 302 and Location back", async () => {
    const res = await fetch(`${origin()}/newsletter/lien/${token}`, { redirect: 'manual', headers: { cookie: 'lbf_session=nope' } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(encodeURI(DESTINATION));
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-internal')).toBeNull();
    const got = received.at(-1)!;
    expect(got).toMatchObject({ method: 'GET', url: `/newsletter/lien/${token}` });
    expect(got.headers['x-lbf-gateway-secret']).toBe(TEST_SUBGRAPH_SECRET);
    expect(got.headers.cookie).toBeUndefined();
    expect(got.body.length).toBe(0);
  });

  it('leaves GET /newsletter/desinscription/<token> and /newsletter/confirmation/<token> to the web app', async () => {
    const before = received.length;
    for (const path of [`/newsletter/desinscription/${token}`, `/newsletter/confirmation/${token}`]) {
      const res = await fetch(`${origin()}${path}`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('application web');
    }
    expect(received.length).toBe(before);
  });

  it('refuses other methods (405), bad tokens (404) and a body over 4 KiB (413) without reaching messaging', async () => {
    const before = received.length;
    const put = await fetch(`${origin()}/newsletter/desinscription/${token}`, { method: 'PUT', body: 'List-Unsubscribe=One-Click' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, POST');
    const postLink = await fetch(`${origin()}/newsletter/lien/${token}`, { method: 'POST', body: 'x' });
    expect(postLink.status).toBe(405);
    expect(postLink.headers.get('allow')).toBe('GET');
    expect((await fetch(`${origin()}/newsletter/lien/${token}`, { method: 'DELETE' })).status).toBe(405);
    expect((await fetch(`${origin()}/newsletter/lien/a%2Fb`, { redirect: 'manual' })).status).toBe(404);
    expect((await fetch(`${origin()}/newsletter/lien/${'x'.repeat(301)}`, { redirect: 'manual' })).status).toBe(404);
    expect((await fetch(`${origin()}/newsletter/desinscription/jeton~`, { method: 'POST', body: 'List-Unsubscribe=One-Click' })).status).toBe(404);
    const big = await fetch(`${origin()}/newsletter/desinscription/${token}`, {
      method: 'POST',
      body: `List-Unsubscribe=One-Click&${'a'.repeat(4 * 1024)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(big.status).toBe(413);
    expect(received.length).toBe(before);
  });
});
