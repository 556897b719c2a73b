import { gql } from '@lbf/service-kit/testing';
import { getIntrospectionQuery } from 'graphql';
import { readPublished } from '../src/api-docs/api-files';
import { API_EXAMPLES } from '../src/api-docs/examples';
import { startGateway, type RunningGateway } from '../src/app';
import { adminThroughGateway } from './accounts';
import { stackGatewayConfig, startFiveServices, type FiveServices } from './five-services';

/**
 * Issue 24 point 3 through the five services: the public schema as SDL at a stable URL (cacheable,
 * with an ETag) and its documentation page, served by the gateway; introspection in production for
 * API keys only, refused to visitors and to people's sessions (an administrator's included).
 */

type Res = { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
const INTROSPECTION = '{ __schema { queryType { name } } __type(name: "Video") { fields { name } } }';

describe('the public schema and its docs through the gateway', () => {
  let stack: FiveServices;
  let production: RunningGateway;
  let adminToken: string;
  let secret: string;
  let everyScope: string;

  beforeAll(async () => {
    stack = await startFiveServices();
    const admin = await adminThroughGateway(stack, { firstName: 'Nadia' });
    adminToken = admin.browser.token!;
    const createKey = async (name: string, scopes: string[]): Promise<string> => {
      const created = await admin.browser.gql(
        'mutation($input: CreateApiKeyInput!) { adminCreateApiKey(input: $input) { secret error { message } } }',
        { input: { name, scopes, costPerMinute: 100_000, expiresAt: new Date(Date.now() + 86_400_000).toISOString() } },
      );
      if (!created.data?.adminCreateApiKey.secret) throw new Error(JSON.stringify(created));
      return created.data.adminCreateApiKey.secret as string;
    };
    secret = await createKey('Site partenaire', ['catalogue:read']);
    everyScope = await createKey('Comptabilité', ['orders:read', 'customers:read', 'statistics:read']);
    // A production gateway beside the stack's (development) one, in front of the same five services.
    production = await startGateway(stackGatewayConfig(stack, { production: true }));
    await production.ready;
  }, 180_000);

  afterAll(async () => {
    await production?.stop();
    await stack?.stop();
  });

  it('serves the public schema as SDL at /api/schema.graphql: the published one, cacheable, revalidated by its ETag', async () => {
    const res = await fetch(new URL('/api/schema.graphql', production.url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    // `npm run schema:check` (in lint) keeps the published file the current schema; the gateway serves it from its own supergraph.
    expect(await res.text()).toBe(readPublished());
    const again = await fetch(new URL('/api/schema.graphql', production.url), { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    // The same document from the development gateway, which composes the running subgraphs itself.
    expect(await (await fetch(new URL('/api/schema.graphql', stack.gateway.url))).text()).toBe(readPublished());
  });

  it('serves the documentation page at /api/docs: every section, the reference, no script', async () => {
    const res = await fetch(new URL('/api/docs', production.url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('etag')).toBeTruthy();
    const html = await res.text();
    for (const id of ['cle', 'exemples', 'erreurs', 'cout', 'reference', 'journal']) expect(html).toContain(`<section id="${id}">`);
    expect(html).toContain('id="type-Video"');
    expect(html).toContain('id="field-Query.adminOrders"');
    expect(html).not.toMatch(/<script/i);
  });

  it('in production, refuses introspection to a visitor and to a person, an administrator included', async () => {
    for (const headers of [{}, { authorization: `Bearer ${adminToken}` }] as Array<Record<string, string>>) {
      const res = (await gql(production.url, INTROSPECTION, {}, headers)) as Res;
      expect(res.data ?? null).toBeNull();
      expect(res.errors?.[0]).toMatchObject({ message: expect.stringMatching(/introspection is allowed for API keys only/), extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
    }
    // A query without __schema / __type still runs for them (__typename is not introspection).
    const visitor = (await gql(production.url, '{ videos { __typename total } }')) as Res;
    expect(visitor.errors).toBeUndefined();
  });

  it('in production, answers introspection to an API key, the full query integrators\' tools send included', async () => {
    const asKey = { authorization: `Bearer ${secret}` };
    const small = (await gql(production.url, INTROSPECTION, {}, asKey)) as Res;
    expect(small.errors).toBeUndefined();
    expect(small.data).toMatchObject({ __schema: { queryType: { name: 'Query' } }, __type: { fields: expect.arrayContaining([{ name: 'title' }]) } });
    const full = (await gql(production.url, getIntrospectionQuery(), {}, asKey)) as Res;
    expect(full.errors).toBeUndefined();
    expect((full.data!.__schema as { types: unknown[] }).types.length).toBeGreaterThan(50);
  });

  it('every example of the docs page runs as it is with a key holding the scopes it names', async () => {
    for (const example of API_EXAMPLES) {
      const res = (await gql(production.url, example.query, example.variables ?? {}, { authorization: `Bearer ${everyScope}` })) as Res;
      expect({ example: example.id, errors: res.errors }).toEqual({ example: example.id, errors: undefined });
    }
  });

  it('outside production, introspection stays open to everyone (development tools)', async () => {
    const res = (await gql(stack.gateway.url, INTROSPECTION)) as Res;
    expect(res.errors).toBeUndefined();
  });
});
