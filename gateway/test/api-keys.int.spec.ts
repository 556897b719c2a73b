import { AccessTokenVerifier, GATEWAY_SECRET_HEADER, type ApiScope } from '@lbf/service-kit';
import { gatewayHeaders, gql, until } from '@lbf/service-kit/testing';
import { adminThroughGateway, signUpThroughGateway } from './accounts';
import { adminFields } from './admin-fields';
import { startGateway } from '../src/app';
import { stackGatewayConfig, startFiveServices, type FiveServices } from './five-services';

/**
 * Issue 24, API keys through the five services: a request with `Authorization: Bearer lbf_live_…`
 * is that integration, never a person; it reaches only what its scopes allow, each subgraph
 * deciding (not only the gateway); revoked, expired and unknown keys are refused.
 */

/** What each scope opens among the administrators' fields; every other one stays refused to any key. */
const SCOPED: Record<string, ApiScope> = {
  adminOrders: 'orders:read',
  adminOrdersConnection: 'orders:read',
  adminUsers: 'customers:read',
  adminUsersConnection: 'customers:read',
  adminStatistics: 'statistics:read',
  adminArticles: 'catalogue:read',
  createArticle: 'content:write',
  updateArticle: 'content:write',
  publishArticle: 'content:write',
  unpublishArticle: 'content:write',
};
const ALL_SCOPES: ApiScope[] = ['catalogue:read', 'orders:read', 'customers:read', 'statistics:read', 'content:write'];

type Cost = { requestedQueryCost: number; actualQueryCost: number; throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number } };
type Answer = { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions?: Record<string, unknown> }>; extensions?: { cost?: Cost } };

/** POST /graphql with a key (or none), keeping what `gql` drops: the status, the headers, `extensions`. */
async function post(url: string, secret: string | null, query: string): Promise<{ status: number; headers: Headers; body: Answer }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(secret ? { authorization: `Bearer ${secret}` } : {}) }, body: JSON.stringify({ query }) });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Answer };
}

type Res = { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
const code = (res: Res) => res.errors?.[0]?.extensions?.code ?? null;

describe('API keys through the gateway', () => {
  let stack: FiveServices;
  let admin: Awaited<ReturnType<typeof signUpThroughGateway>>;
  const asKey = (secret: string, query: string, variables: Record<string, unknown> = {}): Promise<Res> =>
    gql(stack.gateway.url, query, variables, { authorization: `Bearer ${secret}` }) as Promise<Res>;

  async function createKey(scopes: ApiScope[], name = 'ERP', costPerMinute = 1000): Promise<{ id: string; secret: string }> {
    const res = await admin.browser.gql(
      'mutation($input: CreateApiKeyInput!) { adminCreateApiKey(input: $input) { secret apiKey { id } error { message } } }',
      { input: { name, scopes, costPerMinute, expiresAt: new Date(Date.now() + 86_400_000).toISOString() } },
    );
    const created = res.data!.adminCreateApiKey;
    if (!created.secret) throw new Error(JSON.stringify(res));
    return { id: created.apiKey.id, secret: created.secret };
  }

  beforeAll(async () => {
    stack = await startFiveServices();
    admin = await adminThroughGateway(stack, { firstName: 'Mariam' });
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('a key with orders:read reads adminOrders, not adminUsers, nor me; the subgraphs see an integration', async () => {
    const key = await createKey(['orders:read']);
    const orders = await asKey(key.secret, '{ adminOrders { total } }');
    expect(orders.errors).toBeUndefined();
    expect(orders.data).toEqual({ adminOrders: { total: expect.any(Number) } });
    expect(code(await asKey(key.secret, '{ adminUsers { total } }'))).toBe('FORBIDDEN');
    expect(code(await asKey(key.secret, '{ adminStatistics { daily { day } } }'))).toBe('FORBIDDEN');
    // Never a person: `me` is a visitor's null, a person's mutation asks for a sign-in.
    expect((await asKey(key.secret, '{ me { id } }')).data).toEqual({ me: null });
    expect(code(await asKey(key.secret, 'mutation { adminCreateApiKey(input: { name: "x", scopes: ["orders:read"], costPerMinute: 1, expiresAt: "2030-01-01T00:00:00Z" }) { secret } }'))).toBe('UNAUTHENTICATED');
  });

  it('a key with customers:read reads the users table with their e-mails', async () => {
    const key = await createKey(['customers:read']);
    const users = await asKey(key.secret, '{ adminUsers(search: "mariam") { items { id email } } }');
    expect(users.errors).toBeUndefined();
    expect(users.data!.adminUsers).toEqual({ items: expect.arrayContaining([{ id: admin.id, email: admin.email }]) });
    expect(code(await asKey(key.secret, '{ adminOrders { total } }'))).toBe('FORBIDDEN');
  });

  it('a key holding every scope reaches no administrators’ field but those its scopes open', async () => {
    const key = await createKey(ALL_SCOPES, 'Tout', 100_000);
    for (const field of adminFields().filter((f) => f.kind !== 'subscription')) {
      const res = await asKey(key.secret, field.operation);
      const expected = SCOPED[field.name] ? null : ['FORBIDDEN', 'UNAUTHENTICATED'];
      if (expected) expect({ field: field.name, refused: expected.includes(String(code(res))) }).toEqual({ field: field.name, refused: true });
      else expect({ field: field.name, errors: res.errors }).toEqual({ field: field.name, errors: undefined });
    }
  });

  it('refuses a revoked, an expired and an unknown key, in French and English', async () => {
    const revoked = await createKey(['orders:read']);
    expect((await asKey(revoked.secret, '{ adminOrders { total } }')).errors).toBeUndefined();
    await admin.browser.gql('mutation($input: RevokeApiKeyInput!) { adminRevokeApiKey(input: $input) { apiKey { id } } }', { input: { id: revoked.id } });
    const expired = await createKey(['orders:read']);
    await stack.env.sql.query("UPDATE identity.api_keys SET expires_at = now() - interval '1 second' WHERE id = $1", [expired.id]);
    for (const secret of [revoked.secret, expired.secret, `lbf_live_${'A'.repeat(43)}`]) {
      const res = await asKey(secret, '{ adminOrders { total } }');
      expect(res.data ?? null).toBeNull();
      expect(res.errors?.[0]).toMatchObject({ message: 'Clé d’API inconnue, révoquée ou expirée (unknown, revoked or expired API key)', extensions: { code: 'UNAUTHENTICATED' } });
    }
  });

  it('every answer to a key carries extensions.cost: requested, actual from what came back, the bucket', async () => {
    const key = await createKey(['orders:read'], 'Comptable', 600);
    const first = await post(stack.gateway.url, key.secret, '{ adminOrders(pageSize: 25) { total items { id } } }');
    expect(first.body.errors).toBeUndefined();
    const cost = first.body.extensions!.cost!;
    // 1 (adminOrders) + 1 (total) + 1 + 25 × 1 (items, 25 announced): 28 requested; none came back, so 1 + 1 + 1.
    expect(cost).toEqual({ requestedQueryCost: 28, actualQueryCost: 3, throttleStatus: { maximumAvailable: 600, currentlyAvailable: expect.any(Number), restoreRate: 10 } });
    // The difference went back to the bucket: 600 − 3, give or take what refilled meanwhile (never above 600).
    expect(cost.throttleStatus.currentlyAvailable).toBeGreaterThanOrEqual(597);
    // A refused field still answers with its cost; an invalid document costs nothing.
    const refused = await post(stack.gateway.url, key.secret, '{ adminUsers { total } }');
    expect(refused.body.extensions?.cost).toMatchObject({ requestedQueryCost: 2, actualQueryCost: expect.any(Number) });
    const invalid = await post(stack.gateway.url, key.secret, '{ nope }');
    expect(invalid.body.extensions?.cost).toMatchObject({ requestedQueryCost: 0, actualQueryCost: 0, throttleStatus: { maximumAvailable: 600 } });
    // A person's answer carries none.
    expect((await post(stack.gateway.url, null, '{ siteSettings { siteName } }')).body.extensions?.cost).toBeUndefined();
  });

  it('one budget for every gateway replica (Redis): what one spent, the other refuses, in French and English, with the wait', async () => {
    const key = await createKey(['orders:read'], 'Petit budget', 60);
    const other = await startGateway(stackGatewayConfig(stack));
    await other.ready;
    try {
      // 52 announced (1 + a list of 50 ids), 2 came back (1 + an empty list): 58 left, refilling a point a second.
      const spent = await post(stack.gateway.url, key.secret, '{ adminOrders(pageSize: 50) { items { id } } }');
      expect(spent.body.extensions?.cost).toMatchObject({ requestedQueryCost: 52, actualQueryCost: 2 });
      // The other replica sees the same bucket: 57 announced passes (58 there), 55 or so are left.
      const onOther = await post(other.url, key.secret, '{ adminOrders(pageSize: 55) { items { id } } }');
      expect(onOther.body.errors).toBeUndefined();
      expect(onOther.body.extensions!.cost!.throttleStatus.currentlyAvailable).toBeLessThan(60);
      // 14 totals cost 28 announced and 28 actual (nothing to give back): about 28 left.
      const totals = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `t${i}: adminOrders { total }`).join(' ')} }`;
      const drained = await post(stack.gateway.url, key.secret, totals(14));
      expect(drained.body.extensions?.cost).toMatchObject({ requestedQueryCost: 28, actualQueryCost: 28 });
      const left = drained.body.extensions!.cost!.throttleStatus.currentlyAvailable;
      expect(left).toBeLessThan(40);
      // 20 totals (40 points) are refused on the other replica: 429, Retry-After, French and English.
      const refused = await post(other.url, key.secret, totals(20));
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get('retry-after'));
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(40 - left);
      expect(refused.body.data ?? null).toBeNull();
      const error = refused.body.errors![0]!;
      expect(error.extensions).toMatchObject({ code: 'BUDGET_EXCEEDED', cost: 40, retryAfterSeconds: wait });
      expect(error.message).toContain('Budget de la clé d’API épuisé : cette requête coûte 40 points');
      expect(error.message).toContain('API key budget exceeded: this query costs 40 points');
      expect(error.message).toContain(`retry in ${wait} s.`);
      expect(refused.body.extensions?.cost).toMatchObject({ requestedQueryCost: 40, actualQueryCost: 0, throttleStatus: { maximumAvailable: 60, restoreRate: 1 } });
      // Refused before any subgraph was asked, nothing taken: after the wait it passes, on the first replica.
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      expect((await post(stack.gateway.url, key.secret, totals(20))).body.errors).toBeUndefined();
      // An operation above the whole budget is told so, with no wait to offer.
      const tooBig = await post(other.url, key.secret, '{ adminOrders(pageSize: 100) { items { id } } }');
      expect(tooBig.body.errors?.[0]?.extensions).toMatchObject({ code: 'MAX_COST_EXCEEDED', cost: 102, maximumAvailable: 60 });
    } finally {
      await other.stop();
    }
  }, 90_000);

  it('content:write writes articles, journaled with the key as the actor; nothing else, and no key without it', async () => {
    const key = await createKey(['content:write'], 'Rédaction externe', 5000);
    const input = { title: 'Le moringa au quotidien', excerpt: 'Une plante, mille usages.', bodyHtml: '<p>Le moringa…</p>', author: 'Awa', category: 'nutrition' };
    const created = await asKey(key.secret, 'mutation($input: CreateArticleInput!) { createArticle(input: $input) { article { id status } error { message } } }', { input });
    expect(created.errors).toBeUndefined();
    const article = (created.data!.createArticle as { article: { id: string; status: string } }).article;
    expect(article).toMatchObject({ status: 'DRAFT' });
    const published = await asKey(key.secret, 'mutation($id: ID!) { publishArticle(id: $id) { article { status } } }', { id: article.id });
    expect(published.data).toEqual({ publishArticle: { article: { status: 'PUBLISHED' } } });
    // Deleting stays the administrators'; a key without the scope writes nothing.
    expect(code(await asKey(key.secret, 'mutation($id: ID!) { deleteArticle(id: $id) { ok } }', { id: article.id }))).toBe('UNAUTHENTICATED');
    const reader = await createKey(['orders:read', 'catalogue:read'], 'Lecteur', 5000);
    expect(code(await asKey(reader.secret, 'mutation($input: CreateArticleInput!) { createArticle(input: $input) { article { id } } }', { input }))).toBe('FORBIDDEN');
    // The journal names the integration: its key's id and name, origin INTEGRATION.
    const JOURNAL = 'query($actor: String) { adminJournal(filter: { actor: $actor }) { items { origin actorId actorName actorEmail action targetId } } }';
    const entries = await until(async () => {
      const res = await admin.browser.gql(JOURNAL, { actor: key.id });
      const items = res.data?.adminJournal.items as Array<Record<string, unknown>> | undefined;
      return items && items.length >= 2 ? items : null;
    }, 15_000, 'the integration’s journal entries');
    expect(entries).toEqual([
      { origin: 'INTEGRATION', actorId: key.id, actorName: 'Rédaction externe', actorEmail: null, action: 'article.published', targetId: article.id },
      { origin: 'INTEGRATION', actorId: key.id, actorName: 'Rédaction externe', actorEmail: null, action: 'article.created', targetId: article.id },
    ]);
  });

  it('a subgraph refuses a forged integration token and, without the subgraph secret, any call', async () => {
    const key = await createKey(['orders:read']);
    const exchange = await fetch(new URL('/internal/api-keys/exchange', stack.subgraphs.identity), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [GATEWAY_SECRET_HEADER]: stack.env.subgraphSecret },
      body: JSON.stringify({ secret: key.secret }),
    });
    const { token } = (await exchange.json()) as { token: string };
    const verifier = new AccessTokenVerifier(stack.env.keys.publicKey);
    expect(await verifier.verifyIntegration(token)).toMatchObject({ scopes: ['orders:read'] });
    // The same claims with another scope, re-signed by someone without identity's key: refused.
    const [head, body] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, scopes: ['customers:read'] })).toString('base64url')}.${token.split('.')[2]}`;
    const atIdentity = (await gql(stack.subgraphs.identity, '{ adminUsers { total } }', {}, gatewayHeaders(stack.env.subgraphSecret, forged))) as Res;
    expect(code(atIdentity)).toBe('UNAUTHENTICATED');
    // The genuine token, without the subgraph secret: the subgraph does not answer.
    const direct = await fetch(stack.subgraphs.commerce, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ query: '{ adminOrders { total } }' }) });
    expect(direct.status).toBe(401);
    // With it, the genuine token reads what its scope allows (each subgraph checks, not only the gateway).
    const atCommerce = (await gql(stack.subgraphs.commerce, '{ adminOrders { total } }', {}, gatewayHeaders(stack.env.subgraphSecret, token))) as Res;
    expect(atCommerce.errors).toBeUndefined();
    expect(code((await gql(stack.subgraphs.identity, '{ adminUsers { total } }', {}, gatewayHeaders(stack.env.subgraphSecret, token))) as Res)).toBe('FORBIDDEN');
  });
});
