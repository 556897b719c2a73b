import {
  AccessTokenVerifier,
  createLogger,
  Redis,
  requireUser,
  revocationKeys,
  startSubgraph,
  type BaseContext,
  type RunningSubgraph,
} from '@lbf/service-kit';
import { randomSuffix, testKeys, TEST_REDIS_URL, until } from '@lbf/service-kit/testing';
import { randomUUID, sign } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import WebSocket from 'ws';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { startGateway, type RunningGateway } from '../src/app';
import { composeSupergraph } from '../src/schema/compose-supergraph';
import type { GatewayConfig } from '../src/config';
import { TEST_SUBGRAPH_SECRET, testGatewayConfig, Browser, subscribe, wsClient, type Loose, type Subscriber } from './support';

/**
 * What the gateway itself promises, checked against a small real subgraph (the kit's startSubgraph,
 * real Redis) that reports what it received: header forwarding, Set-Cookie, error relaying,
 * subscription hand-off and clean-up, guards, the static supergraph and the web app.
 */

const PROBE_SDL = `
extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])
type Echo { authorization: String cookie: String userAgent: String ip: String }
type Query { echo: Echo! secret: String broken: String }
type Mutation { setTwoCookies: Boolean! }
type Subscription { ticks(count: Int!, intervalMs: Int! = 10): Int! whoami: String }
`;

const EXPIRES_COOKIE = 'lbf_a=1; Path=/graphql; Expires=Wed, 21 Oct 2037 07:28:00 GMT; HttpOnly; SameSite=Strict';
const SECOND_COOKIE = 'lbf_b=2; Path=/; Max-Age=600';

function base64url(value: Buffer | string): string {
  return Buffer.from(value).toString('base64url');
}

/** An access token as identity issues them (ES256, issuer lbf-identity, audience lbf). */
function accessToken(privateKey: string, userId: string, sessionId = randomUUID(), ttlSeconds = 600): string {
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: 'ES256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify({ sub: userId, sid: sessionId, roles: [], iat: now, exp: now + ttlSeconds, iss: 'lbf-identity', aud: 'lbf' }));
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), { key: privateKey, dsaEncoding: 'ieee-p1363' });
  return `${header}.${payload}.${base64url(signature)}`;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the gateway', () => {
  const keys = testKeys();
  const redis = new Redis(TEST_REDIS_URL);
  let activeTicks = 0;
  let probe: RunningSubgraph;
  let gateway: RunningGateway;
  let webDist: string;
  const toStop: Array<{ stop(): Promise<void> }> = [];
  const subscribers: Array<Subscriber<unknown>> = [];

  async function startProbe(port = 0): Promise<RunningSubgraph> {
    const started = await startSubgraph<BaseContext>({
      name: 'probe',
      port,
      typeDefs: PROBE_SDL,
      verifier: new AccessTokenVerifier(keys.publicKey, redis),
      log: createLogger('probe', 'silent'),
      production: false,
      subscriptions: true,
      resolvers: {
        Query: {
          echo: (_: unknown, __: unknown, ctx: BaseContext) => ({
            authorization: ctx.req?.headers.authorization ?? null,
            cookie: ctx.req?.headers.cookie ?? null,
            userAgent: ctx.userAgent,
            ip: ctx.ip,
          }),
          secret: (_: unknown, __: unknown, ctx: BaseContext) => `pour ${requireUser(ctx).userId}`,
          broken: () => {
            throw new Error('database password is hunter2');
          },
        },
        Mutation: {
          setTwoCookies: (_: unknown, __: unknown, ctx: BaseContext) => {
            ctx.res!.appendHeader('Set-Cookie', EXPIRES_COOKIE);
            ctx.res!.appendHeader('Set-Cookie', SECOND_COOKIE);
            return true;
          },
        },
        Subscription: {
          ticks: {
            subscribe: async function* (_: unknown, args: { count: number; intervalMs: number }) {
              activeTicks += 1;
              try {
                for (let i = 1; i <= args.count; i++) {
                  yield { ticks: i };
                  await delay(args.intervalMs);
                }
              } finally {
                activeTicks -= 1;
              }
            },
          },
          whoami: {
            subscribe: async function* (_: unknown, __: unknown, ctx: BaseContext) {
              yield { whoami: ctx.auth?.userId ?? null };
            },
          },
        },
      },
    });
    toStop.push(started);
    return started;
  }

  /** The supergraph composed as at build time, with a URL that only the runtime override corrects. */
  function staticSupergraph(): string {
    const outcome = composeSupergraph([{ name: 'probe', url: 'http://127.0.0.1:9/graphql', sdl: PROBE_SDL }]);
    if (!outcome.ok) throw new Error(outcome.errors.join('\n'));
    return outcome.supergraphSdl;
  }

  /** This file's own Redis prefix, so its revocation keys touch nobody else's. */
  const redisKeyPrefix = `t${randomSuffix()}`;

  async function gatewayWith(over: Partial<GatewayConfig>): Promise<RunningGateway> {
    const started = await startGateway(
      testGatewayConfig({
        subgraphs: [{ name: 'probe', url: probe.url }],
        authPublicKey: keys.publicKey,
        redisKeyPrefix,
        supergraphSdl: staticSupergraph(),
        ...over,
      }),
    );
    toStop.push(started);
    return started;
  }

  const live = <T>(query: string, pick: (d: Loose) => T, authorization?: string) => {
    const sub = subscribe<T>(wsClient(gateway.wsUrl, authorization), query, pick);
    subscribers.push(sub as Subscriber<unknown>);
    return sub;
  };

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), `lbf-web-${randomSuffix()}-`));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><html lang="fr"><body><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script></body></html>');
    writeFileSync(join(webDist, 'assets', 'app-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
    writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    probe = await startProbe();
    gateway = await gatewayWith({ webDist });
    await gateway.ready;
  });

  afterAll(async () => {
    await Promise.all(subscribers.map((s) => s.stop().catch(() => undefined)));
    for (const s of toStop.reverse()) await s.stop();
    redis.disconnect();
    rmSync(webDist, { recursive: true, force: true });
  });

  describe('over HTTP', () => {
    it('ignores a spoofed X-Forwarded-For from a peer that is not a configured proxy', async () => {
      const res = await new Browser(gateway.url).gql('{ echo { ip } }', {}, { 'x-forwarded-for': '203.0.113.9' });
      expect(res.data).toEqual({ echo: { ip: '127.0.0.1' } });
    });

    it("forwards the caller's token, cookie and user agent, and the client IP it derived, to the subgraph", async () => {
      const behindProxies = await gatewayWith({ trustedProxies: ['127.0.0.1', '10.0.0.0/8'] });
      await behindProxies.ready;
      const res = await fetch(behindProxies.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: 'Bearer abc.def.ghi',
          cookie: 'lbf_refresh=r1; theme=dark',
          'user-agent': 'Navigateur/1.0',
          // A spoofed first hop, the client, then a configured proxy: only the client is believed.
          'x-forwarded-for': '203.0.113.9, 198.51.100.7, 10.0.0.3',
        },
        body: JSON.stringify({ query: '{ echo { authorization cookie userAgent ip } }' }),
      });
      const body = (await res.json()) as { data: { echo: Record<string, string> } };
      expect(body.data.echo).toEqual({ authorization: 'Bearer abc.def.ghi', cookie: 'lbf_refresh=r1; theme=dark', userAgent: 'Navigateur/1.0', ip: '198.51.100.7' });
    });

    it('hands every Set-Cookie of the subgraph to the browser, each intact', async () => {
      const browser = new Browser(gateway.url);
      const res = await browser.gql('mutation { setTwoCookies }');
      expect(res.data).toEqual({ setTwoCookies: true });
      expect(res.setCookies).toEqual([EXPIRES_COOKIE, SECOND_COOKIE]);
      expect(browser.cookieHeader()).toBe('lbf_a=1; lbf_b=2');
    });

    it("relays a subgraph's refusal with its own message and code, keeping the other fields' data", async () => {
      const visitor = await new Browser(gateway.url).gql('{ echo { ip } secret }');
      expect(visitor.data).toEqual({ echo: { ip: '127.0.0.1' }, secret: null });
      expect(visitor.errors).toEqual([expect.objectContaining({ message: 'Connexion requise', extensions: expect.objectContaining({ code: 'UNAUTHENTICATED' }) })]);

      const userId = randomUUID();
      const signedIn = new Browser(gateway.url);
      signedIn.token = accessToken(keys.privateKey, userId);
      expect((await signedIn.gql('{ secret }')).data).toEqual({ secret: `pour ${userId}` });
    });

    it('answers a GET query that carries a preflight header, and refuses one that does not (CSRF)', async () => {
      const url = `${gateway.url}?query=${encodeURIComponent('{ echo { ip } }')}`;
      const preflighted = await fetch(url, { headers: { 'apollo-require-preflight': 'true' } });
      expect(await preflighted.json()).toEqual({ data: { echo: { ip: '127.0.0.1' } } });
      const simple = await fetch(url);
      expect(simple.status).toBe(400);
    });

    it('refuses an operation over the cost limit before calling any subgraph', async () => {
      const cheap = await gatewayWith({ maxCost: 2 });
      await cheap.ready;
      const res = await new Browser(cheap.url).gql('{ echo { authorization cookie userAgent ip } }');
      expect(res.status).toBe(400);
      expect(res.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COMPLEX');
    });

    it('refuses a body over the size limit', async () => {
      const res = await fetch(gateway.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: `{ echo { ip } } # ${'x'.repeat(120 * 1024)}` }),
      });
      expect(res.status).toBe(413);
    });

    // POST /graphql with JSON is answered before Express (graphql-http.ts): same headers, same refusals.
    it('answers POST /graphql with the security headers, 400 on malformed JSON, gzip only above 1 KiB', async () => {
      const small = await fetch(gateway.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
        body: JSON.stringify({ query: '{ echo { ip } }' }),
      });
      expect(small.status).toBe(200);
      expect(small.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(small.headers.get('x-content-type-options')).toBe('nosniff');
      expect(small.headers.get('x-powered-by')).toBeNull();
      expect(small.headers.get('content-encoding')).toBeNull();
      expect(await small.json()).toEqual({ data: { echo: { ip: '127.0.0.1' } } });

      for (const body of ['{bad', '"a string"', '']) {
        const bad = await fetch(gateway.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        expect(bad.status).toBe(400);
      }

      const big = await fetch(gateway.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip', 'user-agent': 'u'.repeat(100) },
        body: JSON.stringify({ query: `{ ${Array.from({ length: 15 }, (_, i) => `a${i}: echo { userAgent }`).join(' ')} }` }),
        // fetch inflates gzip itself; the header says whether it was sent compressed.
      });
      expect(big.status).toBe(200);
      expect(big.headers.get('content-encoding')).toBe('gzip');
      expect(Object.keys(((await big.json()) as { data: object }).data)).toHaveLength(15);
    });
  });

  describe('towards the subgraphs', () => {
    it('sends the gateway secret on every upstream request: SDL reads, queries and WebSocket upgrades', async () => {
      const seen: Array<{ kind: string; secret: unknown }> = [];
      const onRequest = (req: IncomingMessage) => void seen.push({ kind: `http ${req.url}`, secret: req.headers['x-lbf-gateway-secret'] });
      const onUpgrade = (req: IncomingMessage) => void seen.push({ kind: 'upgrade', secret: req.headers['x-lbf-gateway-secret'] });
      probe.httpServer.on('request', onRequest);
      probe.httpServer.on('upgrade', onUpgrade);
      try {
        const composing = await gatewayWith({ supergraphSdl: null, pollIntervalMs: 0 });
        await composing.ready;
        expect((await new Browser(composing.url).gql('{ echo { ip } }')).data).toEqual({ echo: { ip: '127.0.0.1' } });
        const sub = subscribe(wsClient(composing.wsUrl), 'subscription { ticks(count: 1) }', (d) => d.ticks as number);
        subscribers.push(sub as Subscriber<unknown>);
        await until(() => sub.completed, 3000, 'the subscription to complete');
        expect(seen.filter((s) => s.kind === 'upgrade')).toHaveLength(1);
        expect(seen.filter((s) => s.kind.startsWith('http')).length).toBeGreaterThanOrEqual(2);
        expect(seen.filter((s) => s.secret !== TEST_SUBGRAPH_SECRET)).toEqual([]);
      } finally {
        probe.httpServer.off('request', onRequest);
        probe.httpServer.off('upgrade', onUpgrade);
      }
    });
  });

  describe('subscriptions on the same /graphql', () => {
    it("relays the owning subgraph's events and its completion", async () => {
      const sub = live('subscription { ticks(count: 3) }', (d) => d.ticks as number);
      await until(() => sub.completed, 3000, 'the subscription to complete');
      expect(sub.values).toEqual([1, 2, 3]);
      expect(sub.errors).toEqual([]);
    });

    it("passes the connection's token to the subgraph, and makes a connection without one a visitor", async () => {
      const userId = randomUUID();
      const signedIn = live('subscription { whoami }', (d) => d.whoami as string | null, `Bearer ${accessToken(keys.privateKey, userId)}`);
      const visitor = live('subscription { whoami }', (d) => d.whoami as string | null);
      await until(() => signedIn.completed && visitor.completed, 3000, 'both subscriptions to complete');
      expect(signedIn.values).toEqual([userId]);
      expect(visitor.values).toEqual([null]);
    });

    it('shares one upstream connection per browser connection and subgraph', async () => {
      let upgrades = 0;
      const count = () => void (upgrades += 1);
      probe.httpServer.on('upgrade', count);
      try {
        const client = wsClient(gateway.wsUrl);
        const one = subscribe(client, 'subscription { ticks(count: 100000) }', (d) => d.ticks as number);
        const two = subscribe(client, 'subscription { ticks(count: 100000) }', (d) => d.ticks as number);
        subscribers.push(one as Subscriber<unknown>);
        await until(() => one.values.length > 1 && two.values.length > 1, 3000, 'both streams to flow');
        expect(upgrades).toBe(1);
        await client.dispose();
        await until(() => activeTicks === 0, 3000, 'both streams to end upstream');
      } finally {
        probe.httpServer.off('upgrade', count);
      }
    });

    it('ends the subscription on the subgraph when the browser completes it or goes away', async () => {
      const completing = live('subscription { ticks(count: 100000) }', (d) => d.ticks as number);
      const leaving = live('subscription { ticks(count: 100001) }', (d) => d.ticks as number);
      await until(() => completing.values.length > 1 && leaving.values.length > 1 && activeTicks === 2, 3000, 'both streams to flow');
      await completing.stop();
      await until(() => activeTicks === 1, 3000, 'the completed stream to end upstream');
      await leaving.client.dispose();
      await until(() => activeTicks === 0, 3000, 'the abandoned stream to end upstream');
    });

    it('refuses a revoked token, and queries or mutations over WebSocket', async () => {
      const sessionId = randomUUID();
      await redis.set(revocationKeys(redisKeyPrefix).session(sessionId), '1', 'EX', 60);
      const revoked = live('subscription { whoami }', (d) => d.whoami, `Bearer ${accessToken(keys.privateKey, randomUUID(), sessionId)}`);
      await until(() => revoked.errors.length, 3000, 'the revoked connection to be closed');
      expect(revoked.errors[0]).toMatchObject({ code: 4403 });

      const query = live('{ echo { ip } }', (d) => d);
      await until(() => query.errors.length, 3000, 'the query to be refused');
      expect(JSON.stringify(query.errors[0])).toMatch(/Seuls les abonnements/);
    });

    it('closes a connection that sends an oversized frame with 1009, printing no stack trace', async () => {
      const printed = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        const socket = new WebSocket(gateway.wsUrl, 'graphql-transport-ws');
        await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
        const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
        socket.send(JSON.stringify({ type: 'connection_init', payload: { junk: 'x'.repeat(200 * 1024) } }));
        expect(await closed).toBe(1009);
        await delay(100);
        expect(printed).not.toHaveBeenCalled();
      } finally {
        printed.mockRestore();
      }
    });

    it('fans one upstream subscription out to 50 identical public subscribers, and ends it after the last', async () => {
      const crowd = await gatewayWith({ maxSocketsPerIp: 100 });
      await crowd.ready;
      const visitors = Array.from({ length: 50 }, () => subscribe(wsClient(crowd.wsUrl), 'subscription { ticks(count: 100000, intervalMs: 20) }', (d) => d.ticks as number));
      subscribers.push(...(visitors as Array<Subscriber<unknown>>));
      await until(() => visitors.every((v) => v.values.length >= 3), 5000, 'every visitor to receive updates');
      expect(activeTicks).toBe(1);
      // Every update after the last one to join reached every visitor.
      const latestFirst = Math.max(...visitors.map((v) => v.values[0]!));
      await until(() => visitors.every((v) => v.values.includes(latestFirst + 2)), 3000, 'the same update to reach everyone');
      await Promise.all(visitors.map((v) => v.stop()));
      await until(() => activeTicks === 0, 3000, 'the shared upstream to end after the last visitor');
    });

    it('keeps a signed-in subscription to itself, never shared', async () => {
      const a = live('subscription { ticks(count: 100000) }', (d) => d.ticks as number, `Bearer ${accessToken(keys.privateKey, randomUUID())}`);
      const b = live('subscription { ticks(count: 100000) }', (d) => d.ticks as number, `Bearer ${accessToken(keys.privateKey, randomUUID())}`);
      await until(() => a.values.length > 1 && b.values.length > 1, 3000, 'both streams to flow');
      expect(activeTicks).toBe(2);
      await Promise.all([a.stop(), b.stop()]);
      await until(() => activeTicks === 0, 3000, 'both streams to end upstream');
    });

    it("closes a signed-in socket within seconds of its session's revocation (sign-out) or its user's ban", async () => {
      const sessionId = randomUUID();
      const signedOut = live('subscription { ticks(count: 100000) }', (d) => d.ticks as number, `Bearer ${accessToken(keys.privateKey, randomUUID(), sessionId)}`);
      const bannedId = randomUUID();
      const banned = live('subscription { ticks(count: 100000) }', (d) => d.ticks as number, `Bearer ${accessToken(keys.privateKey, bannedId)}`);
      await until(() => signedOut.values.length > 0 && banned.values.length > 0, 3000, 'both streams to flow');
      await redis.set(revocationKeys(redisKeyPrefix).session(sessionId), '1', 'EX', 60);
      await redis.set(revocationKeys(redisKeyPrefix).user(bannedId), String(Math.floor(Date.now() / 1000) + 1), 'EX', 60);
      await until(() => signedOut.errors.length && banned.errors.length, 4000, 'both sockets to be closed');
      expect(signedOut.errors[0]).toMatchObject({ code: 4403 });
      expect(banned.errors[0]).toMatchObject({ code: 4403 });
      await until(() => activeTicks === 0, 3000, 'their streams to end upstream');
    });

    it("closes a socket when its access token expires", async () => {
      const expiring = live('subscription { ticks(count: 100000) }', (d) => d.ticks as number, `Bearer ${accessToken(keys.privateKey, randomUUID(), randomUUID(), 2)}`);
      await until(() => expiring.values.length > 0, 3000, 'the stream to flow');
      await until(() => expiring.errors.length, 4000, 'the socket to be closed at exp');
      expect(expiring.errors[0]).toMatchObject({ code: 4401 });
    });

    it('refuses an eleventh subscription on one socket, and a socket past the per-IP cap', async () => {
      const capped = await gatewayWith({ maxSocketsPerIp: 2 });
      await capped.ready;
      const client = wsClient(capped.wsUrl);
      const subs = Array.from({ length: 11 }, (_, i) => subscribe(client, `subscription { ticks(count: ${100000 + i}) }`, (d) => d.ticks as number));
      subscribers.push(...(subs as Array<Subscriber<unknown>>));
      await until(() => subs.slice(0, 10).every((s) => s.values.length > 0) && subs[10]!.errors.length, 3000, 'ten streams and one refusal');
      expect(JSON.stringify(subs[10]!.errors[0])).toMatch(/Trop d'abonnements/);

      const second = subscribe(wsClient(capped.wsUrl), 'subscription { ticks(count: 3) }', (d) => d.ticks as number);
      const third = subscribe(wsClient(capped.wsUrl), 'subscription { ticks(count: 3) }', (d) => d.ticks as number);
      subscribers.push(second as Subscriber<unknown>, third as Subscriber<unknown>);
      await until(() => (second.completed || second.errors.length) && (third.completed || third.errors.length), 3000, 'both to settle');
      expect([second, third].filter((s) => s.errors.length)).toHaveLength(1);
      await Promise.all(subs.map((s) => s.stop()));
      await until(() => activeTicks === 0, 3000, 'the streams to end upstream');
    });

    it('validates against the API schema, depth limit included, before reaching the subgraph', async () => {
      const unknown = live('subscription { nope }', (d) => d);
      let selection = 'x';
      for (let i = 0; i < 13; i++) selection = `n${i} { ${selection} }`;
      const deep = live(`subscription Deep { ticks(count: 1) { ${selection} } }`, (d) => d);
      await until(() => unknown.errors.length && deep.errors.length, 3000, 'both subscriptions to be refused');
      expect(unknown.errors[0]).toEqual([expect.objectContaining({ message: 'Cannot query field "nope" on type "Subscription".' })]);
      expect(deep.errors[0]).toEqual(expect.arrayContaining([expect.objectContaining({ message: "'Deep' exceeds maximum operation depth of 12" })]));
      expect(activeTicks).toBe(0);
    });
  });

  describe('the web app', () => {
    it('serves index.html, never cached, for the routes of the app', async () => {
      for (const path of ['/', '/videos/12', '/admin/utilisateurs']) {
        const res = await fetch(new URL(path, gateway.url), { headers: { accept: 'text/html' } });
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBe('no-cache');
        expect(await res.text()).toContain('<div id="root">');
      }
    });

    it('serves hashed assets compressed and cached for a year, and a missing one as 404', async () => {
      const asset = await fetch(new URL('/assets/app-abc123.js', gateway.url), { headers: { 'accept-encoding': 'gzip' } });
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(asset.headers.get('content-encoding')).toBe('gzip');
      const missing = await fetch(new URL('/assets/app-old.js', gateway.url), { headers: { accept: 'text/html' } });
      expect(missing.status).toBe(404);
      const favicon = await fetch(new URL('/favicon.svg', gateway.url));
      expect(favicon.headers.get('cache-control')).toBe('public, max-age=3600');
    });

    it('keeps /graphql, /health, /ready and /media out of the app', async () => {
      expect((await fetch(new URL('/health', gateway.url))).status).toBe(200);
      const ready = await fetch(new URL('/ready', gateway.url));
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ checks: { supergraph: true, redis: true } });
      const media = await fetch(new URL('/media/videos/1.mp4', gateway.url), { headers: { accept: 'text/html' } });
      expect(media.status).toBe(404);
      const graphqlPage = await fetch(gateway.url, { headers: { accept: 'text/html' } });
      expect(await graphqlPage.text()).not.toContain('<div id="root">');
    });

    it('sends security headers with a policy fit for the app, and no X-Powered-By', async () => {
      const res = await fetch(new URL('/', gateway.url), { headers: { accept: 'text/html' } });
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toContain("connect-src 'self' ws: wss:");
      expect(csp).toContain('frame-src https://www.google.com');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-powered-by')).toBeNull();
    });

    it('says in French that the app is not built when there is no build', async () => {
      const bare = await gatewayWith({ webDist: null });
      const res = await fetch(new URL('/', bare.url), { headers: { accept: 'text/html' } });
      expect(res.status).toBe(503);
      expect(await res.text()).toContain("L'application web n'est pas encore construite");
    });
  });

  describe('in production', () => {
    it('turns introspection off and hides internal errors', async () => {
      const prod = await gatewayWith({ production: true });
      await prod.ready;
      const browser = new Browser(prod.url);
      const introspection = await browser.gql('{ __schema { types { name } } }');
      expect(introspection.data).toBeUndefined();
      expect(introspection.errors?.[0]?.message).toMatch(/introspection/i);

      const broken = await browser.gql('{ broken }');
      expect(broken.errors?.[0]?.message).toBe("Une erreur inattendue s'est produite.");
      expect(JSON.stringify(broken)).not.toContain('hunter2');
    });
  });

  describe('composing from the running subgraphs', () => {
    it('waits for a subgraph that is not up yet, ready only once it has composed', async () => {
      const port = await freePort();
      const early = await gatewayWith({ supergraphSdl: null, subgraphs: [{ name: 'probe', url: `http://127.0.0.1:${port}/graphql` }], pollIntervalMs: 0 });
      expect((await fetch(new URL('/health', early.url))).status).toBe(200);
      expect((await fetch(new URL('/ready', early.url))).status).toBe(503);
      const notYet = await new Browser(early.url).gql('{ echo { ip } }');
      expect(notYet.status).toBe(503);

      await startProbe(port);
      await early.ready;
      expect((await fetch(new URL('/ready', early.url))).status).toBe(200);
      expect((await new Browser(early.url).gql('{ echo { ip } }')).data).toEqual({ echo: { ip: '127.0.0.1' } });
    });

    it('stops promptly while still waiting for subgraphs', async () => {
      const waiting = await gatewayWith({ supergraphSdl: null, subgraphs: [{ name: 'probe', url: `http://127.0.0.1:${await freePort()}/graphql` }] });
      const started = Date.now();
      await waiting.stop();
      expect(Date.now() - started).toBeLessThan(3000);
      await expect(waiting.ready).rejects.toThrow();
    });
  });
});
