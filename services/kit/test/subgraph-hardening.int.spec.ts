import WebSocket from 'ws';
import { GATEWAY_SECRET_HEADER, type BaseContext, type RunningSubgraph } from '../src';
import { gatewayHeaders, gql, testSecret } from '../src/testing';
import { startProbeSubgraph } from './probe-subgraph';

/**
 * A subgraph answers the gateway only: an attack run reached subgraphs directly and read
 * `_service { sdl }`, `_entities` of any user, and field-name suggestions. These are the holes, closed.
 */
const SDL = `
extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])
type User @key(fields: "id") { id: ID! fullName: String! isAdmin: Boolean! email: String! }
type Node { id: ID! child: Node }
type Query { me: User ip: String root: Node }
type Subscription { ticks: Int! }
`;

describe('a subgraph behind the gateway credential', () => {
  const secret = testSecret();
  let sub: RunningSubgraph;
  let origin: string;
  const asGateway = gatewayHeaders(secret);

  beforeAll(async () => {
    sub = await startProbeSubgraph({
      name: 'probe',
      typeDefs: SDL,
      gatewaySecret: secret,
      resolvers: {
        User: { __resolveReference: (ref: { id: string }) => ({ id: ref.id, fullName: 'Awa Ndiaye', isAdmin: true, email: 'awa@example.com' }) },
        Node: { child: () => ({ id: 'n' }) },
        Query: { me: () => null, ip: (_: unknown, __: unknown, ctx: BaseContext) => ctx.ip, root: () => ({ id: 'n' }) },
        Subscription: {
          ticks: {
            async *subscribe() {
              yield { ticks: 1 };
            },
          },
        },
      },
      routes: (app) => app.get('/media/:key', (_req, res) => void res.send('bytes')),
    });
    origin = sub.url.replace(/\/graphql$/, '');
  });

  afterAll(async () => {
    await sub?.stop();
  });

  const ENTITIES = `query($r: [_Any!]!) { _entities(representations: $r) { ... on User { fullName isAdmin email } } }`;
  const representations = { r: [{ __typename: 'User', id: '4f1b1c0e-0000-4000-8000-000000000001' }] };

  it('refuses /graphql without the secret or with a wrong one (401), and answers the gateway', async () => {
    expect((await gql(sub.url, '{ me { id } }')).status).toBe(401);
    expect((await gql(sub.url, '{ me { id } }', {}, { [GATEWAY_SECRET_HEADER]: `${secret}x` })).status).toBe(401);
    expect(await gql(sub.url, '{ me { id } }', {}, asGateway)).toMatchObject({ status: 200, data: { me: null } });
  });

  it('gives nothing of a user through _entities, nor the SDL through _service, without the secret', async () => {
    const entities = await fetch(sub.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: ENTITIES, variables: representations }) });
    expect(entities.status).toBe(401);
    expect(await entities.text()).not.toMatch(/Awa|isAdmin|awa@/);
    const sdl = await fetch(sub.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ _service { sdl } }' }) });
    expect(sdl.status).toBe(401);
    expect(await sdl.text()).not.toContain('type User');
    // The gateway still resolves entities.
    expect((await gql(sub.url, ENTITIES, representations, asGateway)).data).toEqual({ _entities: [{ fullName: 'Awa Ndiaye', isAdmin: true, email: 'awa@example.com' }] });
  });

  it('guards extra routes too, and leaves /health and /ready open for probes', async () => {
    expect((await fetch(`${origin}/media/clip.mp4`)).status).toBe(401);
    expect((await fetch(`${origin}/media/clip.mp4`, { headers: asGateway })).status).toBe(200);
    expect((await fetch(`${origin}/health`)).status).toBe(200);
    expect((await fetch(`${origin}/ready`)).status).toBe(200);
  });

  it('refuses a WebSocket upgrade without the secret, and accepts the gateway\'s', async () => {
    const attempt = (headers: Record<string, string>) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(sub.wsUrl, 'graphql-transport-ws', { headers });
        ws.once('open', () => {
          ws.close();
          resolve(101);
        });
        ws.once('unexpected-response', (_req, res) => {
          resolve(res.statusCode ?? 0);
          ws.terminate();
        });
        ws.once('error', () => resolve(-1));
      });
    expect(await attempt({})).toBe(401);
    expect(await attempt(asGateway)).toBe(101);
  });

  it('never suggests field names, in development either', async () => {
    const res = await gql(sub.url, '{ me { emial } }', {}, asGateway);
    expect(res.status).toBe(400);
    expect(res.errors?.[0]?.message).toBe('Cannot query field "emial" on type "User".');
    expect(JSON.stringify(res.errors)).not.toMatch(/Did you mean/);
  });

  it('refuses a query deeper than its own limit, and one with too many aliases', async () => {
    const deep = `{ root { ${'child { '.repeat(20)}id${' }'.repeat(20)} } }`;
    const tooDeep = await gql(sub.url, deep, {}, asGateway);
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.errors?.[0]?.message).toMatch(/too deep/);
    const aliases = `{ ${Array.from({ length: 60 }, (_, i) => `a${i}: ip`).join(' ')} }`;
    expect((await gql(sub.url, aliases, {}, asGateway)).errors?.[0]?.message).toMatch(/aliases|top-level/);
  });

  it('takes the client IP from X-Forwarded-For only on the gateway\'s requests', async () => {
    expect((await gql(sub.url, '{ ip }', {}, { ...asGateway, 'x-forwarded-for': '203.0.113.9, 10.0.0.1' })).data).toEqual({ ip: '203.0.113.9' });
  });
});
