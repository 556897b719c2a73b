import type { ApiScope } from '@lbf/service-kit';
import { subscribe, until, wsClient } from '@lbf/service-kit/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startGateway, type RunningGateway } from '../src/app';
import { adminThroughGateway, signUpThroughGateway } from './accounts';
import { stackGatewayConfig, startFiveServices, type FiveServices } from './five-services';
import { fetchSite } from './support';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { buildStale, root, TRUSTED_DOCUMENTS } = require('../../scripts/lib/build') as { buildStale(o: { log(): void }): void; root: string; TRUSTED_DOCUMENTS: string };

/**
 * Issue 24 point 6, trusted documents: a production gateway (TRUSTED_DOCUMENTS_ONLY, the web build's
 * manifest) answers a browser only the web app's registered documents, named by their SHA-256:
 * queries as GET (cacheable when public), mutations as POST; an unknown hash and a document sent as
 * text are refused; an API key may send any document; the server render and the live subscriptions
 * keep working.
 */

type Manifest = { operations: Array<{ id: string; name: string; type: string; body: string }> };
type Res = { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
const code = (res: Res) => res.errors?.[0]?.extensions?.code ?? null;

describe('trusted documents in production', () => {
  let stack: FiveServices;
  let prod: RunningGateway;
  let manifest: Manifest;
  let customerToken = '';
  let admin: Awaited<ReturnType<typeof signUpThroughGateway>>;
  const registered = (name: string) => {
    const op = manifest.operations.find((o) => o.name === name);
    if (!op) throw new Error(`${name} is not in the manifest`);
    return op;
  };
  const extensions = (hash: string) => JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hash } });
  /** A query as Apollo's persisted-query link sends it with useGETForHashedQueries: no text. */
  const getByHash = (name: string, hash: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
    const url = new URL(prod.url);
    url.searchParams.set('operationName', name);
    url.searchParams.set('variables', JSON.stringify(variables));
    url.searchParams.set('extensions', extensions(hash));
    return fetch(url, { headers: { 'content-type': 'application/json', ...headers } });
  };
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(prod.url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  beforeAll(async () => {
    // The web app, its server bundle and its manifest, as `npm test` and `npm start` build them (a no-op when fresh).
    buildStale({ log: () => undefined });
    manifest = JSON.parse(readFileSync(TRUSTED_DOCUMENTS, 'utf8')) as Manifest;
    // The stack's own gateway is a development one (any document): the test's accounts are made through it.
    stack = await startFiveServices();
    admin = await adminThroughGateway(stack, { firstName: 'Mariam' });
    customerToken = (await signUpThroughGateway(stack, { firstName: 'Awa' })).browser.token!;
    prod = await startGateway(
      stackGatewayConfig(stack, {
        production: true,
        trustedDocumentsOnly: true,
        trustedDocumentsFile: TRUSTED_DOCUMENTS,
        webDist: join(root, 'web', 'dist'),
        ssrBundle: join(root, 'web', 'dist-ssr', 'entry-server.cjs'),
        publicUrl: 'https://lbf.example',
        ssrCacheTtlMs: 0,
      }),
    );
    await prod.ready;
  }, 300_000);

  afterAll(async () => {
    await prod?.stop();
    await stack?.stop();
  });

  it('answers a registered query named by its hash as GET, public for a visitor (304 when unchanged), private for a person', async () => {
    const home = registered('HomePage');
    const res = await getByHash('HomePage', home.id);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Res;
    expect(body.errors).toBeUndefined();
    expect(body.data).toHaveProperty('siteSettings');
    expect(res.headers.get('cache-control')).toBe('public, no-cache');
    expect(res.headers.get('vary')).toMatch(/Authorization/i);
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await getByHash('HomePage', home.id, {}, { 'if-none-match': etag! });
    expect(again.status).toBe(304);

    const personal = await getByHash('HomePage', home.id, {}, { authorization: `Bearer ${customerToken}` });
    expect(personal.status).toBe(200);
    expect(((await personal.json()) as Res).errors).toBeUndefined();
    expect(personal.headers.get('cache-control')).toBe('private, no-store');
    expect(personal.headers.get('etag')).toBeNull();
  });

  it('runs a registered mutation named by its hash as POST, and never as GET', async () => {
    const visit = registered('RecordPageVisit');
    const variables = { input: { path: '/', visitorId: 'a1b2c3d4-0000-4000-8000-000000000001', notFound: false } };
    const res = await post({ operationName: 'RecordPageVisit', variables, extensions: { persistedQuery: { version: 1, sha256Hash: visit.id } } });
    const body = (await res.json()) as Res;
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({ recordPageVisit: true });
    const asGet = await getByHash('RecordPageVisit', visit.id, variables);
    expect(asGet.status).toBe(405);
  });

  it('refuses an unknown hash (PERSISTED_QUERY_NOT_FOUND), even with its text: nothing is registered at run time', async () => {
    const unknown = await getByHash('Other', 'f'.repeat(64));
    expect(code((await unknown.json()) as Res)).toBe('PERSISTED_QUERY_NOT_FOUND');
    const { createHash } = await import('node:crypto');
    const query = 'query Other { me { id email } }';
    const hash = createHash('sha256').update(query).digest('hex');
    const withText = await post({ query, operationName: 'Other', extensions: { persistedQuery: { version: 1, sha256Hash: hash } } });
    expect(code((await withText.json()) as Res)).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect(code((await (await getByHash('Other', hash)).json()) as Res)).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('refuses a document sent as text by a browser, a registered one’s text included, signed in or not', async () => {
    for (const [body, headers] of [
      [{ query: '{ me { id } }' }, {}],
      [{ query: registered('HomePage').body, operationName: 'HomePage' }, {}],
      [{ query: '{ adminUsers { total } }' }, { authorization: `Bearer ${admin.browser.token}` }],
    ] as const) {
      const res = await post(body, headers);
      expect(res.status).toBe(400);
      const answer = (await res.json()) as Res;
      expect(code(answer)).toBe('PERSISTED_QUERY_REQUIRED');
      expect(answer.errors![0]!.message).toMatch(/opérations enregistrées.*registered operations/);
    }
    const asGet = await fetch(`${prod.url}?query=${encodeURIComponent('{ me { id } }')}`, { headers: { 'content-type': 'application/json' } });
    expect(code((await asGet.json()) as Res)).toBe('PERSISTED_QUERY_REQUIRED');
  });

  it('lets an API key send any document', async () => {
    const scopes: ApiScope[] = ['orders:read'];
    const created = await admin.browser.gql(
      'mutation($input: CreateApiKeyInput!) { adminCreateApiKey(input: $input) { secret error { message } } }',
      { input: { name: 'Comptable', scopes, costPerMinute: 1000, expiresAt: new Date(Date.now() + 86_400_000).toISOString() } },
    );
    const secret = created.data!.adminCreateApiKey.secret as string;
    expect(secret).toMatch(/^lbf_live_/);
    const res = await post({ query: '{ adminOrders { total } }' }, { authorization: `Bearer ${secret}` });
    const body = (await res.json()) as Res;
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({ adminOrders: { total: expect.any(Number) } });
    // A key that is no good is refused as a key, not let through as a browser.
    const bad = await post({ query: '{ me { id } }' }, { authorization: 'Bearer lbf_live_unknown' });
    expect(code((await bad.json()) as Res)).toBe('UNAUTHENTICATED');
  });

  it('relays a registered subscription sent as its text, and refuses any other', async () => {
    const counters = registered('HomeLiveCounters');
    const live = subscribe(wsClient(prod.wsUrl), counters.body, (d) => d.liveCounters);
    const other = subscribe(wsClient(prod.wsUrl), 'subscription Mine { liveCounters { day } }', (d) => d.liveCounters);
    try {
      await until(() => other.errors.length > 0, 10_000);
      expect(JSON.stringify(other.errors)).toContain('PERSISTED_QUERY_REQUIRED');
      const post = await fetch(stack.gateway.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'mutation($input: PageVisitInput!) { recordPageVisit(input: $input) }', variables: { input: { path: '/faq', visitorId: 'a1b2c3d4-0000-4000-8000-000000000002', notFound: false } } }),
      });
      expect(post.status).toBe(200);
      await until(() => live.values.length > 0, 15_000);
      expect(live.errors).toEqual([]);
    } finally {
      await live.stop();
      await other.stop();
    }
  });

  it('renders a public page on the server (its queries run in process, trusted as the gateway’s own)', async () => {
    const res = await fetchSite(prod, '/', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('id="lbf-ssr"');
    expect(html).toContain('data-testid="hero-title"');
    expect(prod.ssrStats()?.renders).toBeGreaterThan(0);
    expect(prod.ssrStats()?.fallbacks).toBe(0);
  });
});
