import { Redis } from 'ioredis';
import jwt from 'jsonwebtoken';
import { request } from 'node:http';
import { AccessTokenVerifier, createLogger, GATEWAY_SECRET_HEADER, revocationKeys, startSubgraph, type BaseContext, type RunningSubgraph } from '../src';
import { gatewayHeaders, gql, randomSuffix, removeRedisKeys, testKeys, testSecret, TEST_REDIS_URL, type Loose } from '../src/testing';

/**
 * POST /graphql with JSON is answered before Express (subgraph-http.ts). Every guard the Express
 * route had must hold there too; the `via` field tells which path answered (Express decorates the
 * response with its helpers, the fast path hands the bare node:http one).
 */
/** A response's JSON, loosely typed as the assertions read it. */
const answer = async (res: Response) => (await res.json()) as Loose;

const SDL = `
extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])
type Node { id: ID! child: Node }
type Query { via: String! whoami: String echo(text: String): String boom: String root: Node }
type Mutation { remember: Boolean! }
`;

describe('a subgraph\'s POST /graphql before Express (production mode)', () => {
  const secret = testSecret();
  const prefix = `fast${randomSuffix()}`;
  const keys = testKeys();
  const redis = new Redis(TEST_REDIS_URL);
  const asGateway = gatewayHeaders(secret);
  let sub: RunningSubgraph;

  beforeAll(async () => {
    sub = await startSubgraph<BaseContext>({
      name: 'fast',
      port: 0,
      typeDefs: SDL,
      verifier: new AccessTokenVerifier(keys.publicKey, redis, prefix),
      log: createLogger('fast', 'silent'),
      production: true,
      gatewaySecret: secret,
      resolvers: {
        Node: { child: () => ({ id: 'n' }) },
        Query: {
          via: (_: unknown, __: unknown, ctx: BaseContext) => (ctx.res && 'json' in ctx.res ? 'express' : 'node:http'),
          whoami: (_: unknown, __: unknown, ctx: BaseContext) => ctx.auth?.userId ?? null,
          echo: (_: unknown, args: { text?: string }) => args.text ?? null,
          boom: () => {
            throw new Error('relation "users" SELECT password_hash');
          },
          root: () => ({ id: 'n' }),
        },
        Mutation: {
          remember: (_: unknown, __: unknown, ctx: BaseContext) => {
            ctx.res!.appendHeader('Set-Cookie', 'lbf_a=1; Path=/graphql; HttpOnly; SameSite=Strict');
            ctx.res!.appendHeader('Set-Cookie', 'lbf_b=2; Path=/graphql');
            return true;
          },
        },
      },
    });
  });

  afterAll(async () => {
    await sub?.stop();
    await removeRedisKeys(prefix);
    redis.disconnect();
  });

  const post = (body: string | Buffer, headers: Record<string, string> = {}) =>
    fetch(sub.url, { method: 'POST', headers: { 'content-type': 'application/json', ...asGateway, ...headers }, body });

  it('answers the gateway\'s JSON POST itself, and leaves GET and encoded bodies to Express with the same answer', async () => {
    expect(await gql(sub.url, '{ via echo(text: "bonjour") }', {}, asGateway)).toMatchObject({ status: 200, data: { via: 'node:http', echo: 'bonjour' } });
    const get = await fetch(`${sub.url}?query=${encodeURIComponent('{ via echo(text: "bonjour") }')}`, { headers: { ...asGateway, 'apollo-require-preflight': 'true' } });
    expect(await get.json()).toEqual({ data: { via: 'express', echo: 'bonjour' } });
    const encoded = await post(JSON.stringify({ query: '{ via }' }), { 'content-encoding': 'identity' });
    expect(await encoded.json()).toEqual({ data: { via: 'express' } });
  });

  it('refuses a caller without the gateway\'s credential, or with a wrong one, with 401 and nothing else', async () => {
    for (const headers of [{}, { [GATEWAY_SECRET_HEADER]: `${secret}x` }, { [GATEWAY_SECRET_HEADER]: '' }] as Array<Record<string, string>>) {
      const res = await fetch(sub.url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query: '{ via echo(text: "x") }' }) });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ errors: [{ message: 'Unauthorized', extensions: { code: 'UNAUTHENTICATED' } }] });
    }
  });

  it('refuses a body over 256 KiB with 413, whether its length is declared or it arrives chunked', async () => {
    const big = JSON.stringify({ query: '{ echo(text: $t) }', variables: { t: 'x'.repeat(300 * 1024) } });
    const declared = await post(big);
    expect(declared.status).toBe(413);
    expect((await answer(declared)).errors[0].extensions.code).toBe('BAD_REQUEST');

    const chunked = await new Promise<number>((resolve, reject) => {
      const req = request(sub.url, { method: 'POST', headers: { 'content-type': 'application/json', ...asGateway } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      for (let i = 0; i < 40; i++) req.write('x'.repeat(8 * 1024));
      req.end();
    });
    expect(chunked).toBe(413);
    // Just under the limit is still read and executed.
    const fits = await post(JSON.stringify({ query: 'query($t: String) { echo(text: $t) }', variables: { t: 'y'.repeat(200 * 1024) } }));
    expect(fits.status).toBe(200);
    expect((await answer(fits)).data.echo).toHaveLength(200 * 1024);
  });

  it('refuses malformed JSON and a JSON body that is not an object with 400', async () => {
    for (const body of ['{"query": "{ via }"', '"{ via }"', '42']) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect((await answer(res)).errors[0].extensions.code).toBe('BAD_REQUEST');
    }
    // An empty body reaches Apollo Server, which asks for a query.
    expect((await post('')).status).toBe(400);
  });

  it('keeps CSRF prevention: a simple (non-preflighted) POST or GET is refused before any resolver runs', async () => {
    const plain = await fetch(sub.url, { method: 'POST', headers: { 'content-type': 'text/plain', ...asGateway }, body: JSON.stringify({ query: 'mutation { remember }' }) });
    expect(plain.status).toBe(400);
    expect(plain.headers.getSetCookie()).toEqual([]);
    expect(await plain.text()).toMatch(/Cross-Site Request Forgery/);
    const get = await fetch(`${sub.url}?query=${encodeURIComponent('{ via }')}`, { headers: asGateway });
    expect(get.status).toBe(400);
    expect(await get.text()).toMatch(/Cross-Site Request Forgery/);
  });

  it('refuses NUL in variables and in literals, every time the same operation comes back', async () => {
    const inVariable = await gql(sub.url, 'query($t: String) { echo(text: $t) }', { t: 'a\u0000b' }, asGateway);
    expect(inVariable.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    for (let i = 0; i < 2; i++) {
      const inLiteral = await gql(sub.url, '{ echo(text: "a\\u0000b") }', {}, asGateway);
      expect(inLiteral).toMatchObject({ status: 200, data: undefined });
      expect(inLiteral.errors?.[0]).toMatchObject({ message: 'Ce champ contient des caractères non autorisés.', extensions: { code: 'BAD_USER_INPUT', field: 'text' } });
    }
  });

  it('keeps its depth limit and never suggests field names', async () => {
    const deep = await gql(sub.url, `{ root { ${'child { '.repeat(20)}id${' }'.repeat(20)} } }`, {}, asGateway);
    expect(deep.status).toBe(400);
    expect(deep.errors?.[0]?.message).toMatch(/too deep/);
    const typo = await gql(sub.url, '{ ecoh }', {}, asGateway);
    expect(typo.status).toBe(400);
    expect(JSON.stringify(typo.errors)).not.toMatch(/Did you mean|echo/);
  });

  it('masks an internal error in production: no message, no stack trace', async () => {
    const res = await post(JSON.stringify({ query: '{ boom }' }));
    const text = await res.text();
    expect(JSON.parse(text).errors[0]).toEqual({ message: "Une erreur inattendue s'est produite.", extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    expect(text).not.toMatch(/users|password_hash|stacktrace/);
  });

  it('verifies the access token and honours its revocation', async () => {
    const sign = (sid: string) => jwt.sign({ sub: 'user-7', sid, roles: [] }, keys.privateKey, { algorithm: 'ES256', issuer: 'lbf-identity', audience: 'lbf', expiresIn: 300 });
    expect((await gql(sub.url, '{ whoami }', {}, gatewayHeaders(secret, sign('s-live')))).data).toEqual({ whoami: 'user-7' });
    expect((await gql(sub.url, '{ whoami }', {}, gatewayHeaders(secret, 'not.a.token'))).data).toEqual({ whoami: null });
    await redis.set(revocationKeys(prefix).session('s-gone'), '1', 'EX', 60);
    expect((await gql(sub.url, '{ whoami }', {}, gatewayHeaders(secret, sign('s-gone')))).data).toEqual({ whoami: null });
  });

  it('sends the Set-Cookie headers a resolver appends, each intact', async () => {
    const res = await gql(sub.url, 'mutation { remember }', {}, asGateway);
    expect(res.data).toEqual({ remember: true });
    expect(res.setCookies).toEqual(['lbf_a=1; Path=/graphql; HttpOnly; SameSite=Strict', 'lbf_b=2; Path=/graphql']);
  });
});
