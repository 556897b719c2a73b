import { AccessTokenVerifier, createLogger, Redis, requireUser, startSubgraph, type BaseContext, type RunningSubgraph } from '@lbf/service-kit';
import { randomSuffix, testKeys, TEST_REDIS_URL } from '@lbf/service-kit/testing';
import { randomUUID, sign } from 'node:crypto';
import { startGateway, type RunningGateway } from '../src/app';
import { composeSupergraph } from '../src/schema/compose-supergraph';
import { testGatewayConfig } from './support';

/**
 * The single-fetch passthrough answers exactly what the normal path answers: two production
 * gateways over the same two subgraphs, one with the passthrough and one without, receive the same
 * operations; status, content type, Set-Cookie and body must be equal, and the passthrough must
 * really have answered the operations it may take (its counters), and not the others.
 */

const SHOP_SDL = `
extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])
type Settings { name: String! tagline: String updatedAt: String }
type Author @key(fields: "id") { id: ID! }
type Video { id: ID! title: String! priceCents: Int! author: Author }
type VideoPage { total: Int! page: Int! items: [Video!]! }
union Found = Video | Settings
type Query {
  settings: Settings!
  videos(page: Int!, pageSize: Int = 12): VideoPage!
  broken: String
  found(id: ID!): Found
}
type Mutation { signIn(email: String!): Boolean! }
`;

const PEOPLE_SDL = `
extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])
type Author @key(fields: "id") { id: ID! name: String! }
type Me { id: ID! email: String! }
type Query { me: Me! }
`;

const COOKIE_A = 'lbf_refresh=abc; Path=/graphql; Expires=Wed, 21 Oct 2037 07:28:00 GMT; HttpOnly; SameSite=Strict';
const COOKIE_B = 'lbf_seen=1; Path=/; Max-Age=600';

const videos = Array.from({ length: 30 }, (_, i) => ({ id: `v${i + 1}`, title: `Vidéo ${i + 1}`, priceCents: 100 * i, author: { id: `a${i % 3}` } }));

function accessToken(privateKey: string, userId: string): string {
  const b64 = (v: string | Buffer) => Buffer.from(v).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const header = b64(JSON.stringify({ alg: 'ES256', typ: 'JWT' }));
  const payload = b64(JSON.stringify({ sub: userId, sid: randomUUID(), roles: [], iat: now, exp: now + 600, iss: 'lbf-identity', aud: 'lbf' }));
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), { key: privateKey, dsaEncoding: 'ieee-p1363' });
  return `${header}.${payload}.${b64(signature)}`;
}

interface Answer {
  status: number;
  type: string | null;
  cookies: string[];
  body: string;
}

describe('the single-fetch passthrough', () => {
  const keys = testKeys();
  const redis = new Redis(TEST_REDIS_URL);
  const toStop: Array<{ stop(): Promise<void> }> = [];
  let fast: RunningGateway;
  let normal: RunningGateway;
  const received: string[] = [];

  beforeAll(async () => {
    const verifier = new AccessTokenVerifier(keys.publicKey, redis);
    const shop: RunningSubgraph = await startSubgraph<BaseContext>({
      name: 'shop',
      port: 0,
      typeDefs: SHOP_SDL,
      verifier,
      log: createLogger('shop', 'silent'),
      production: true,
      resolvers: {
        Query: {
          settings: (_: unknown, __: unknown, ctx: BaseContext) => {
            received.push(`settings ${ctx.req?.headers['user-agent'] ?? ''}`);
            return { name: 'LBF', tagline: 'Santé', updatedAt: null };
          },
          videos: (_: unknown, args: { page: number; pageSize: number }) => ({ total: videos.length, page: args.page, items: videos.slice((args.page - 1) * args.pageSize, args.page * args.pageSize) }),
          broken: () => {
            throw new Error('database password is hunter2');
          },
          found: (_: unknown, args: { id: string }) => (args.id === 'settings' ? { __typename: 'Settings', name: 'LBF', tagline: null, updatedAt: null } : { __typename: 'Video', ...videos[0] }),
        },
        Mutation: {
          signIn: (_: unknown, args: { email: string }, ctx: BaseContext) => {
            received.push(`signIn ${args.email}`);
            ctx.res!.appendHeader('Set-Cookie', COOKIE_A);
            ctx.res!.appendHeader('Set-Cookie', COOKIE_B);
            return true;
          },
        },
      },
    });
    const people: RunningSubgraph = await startSubgraph<BaseContext>({
      name: 'people',
      port: 0,
      typeDefs: PEOPLE_SDL,
      verifier,
      log: createLogger('people', 'silent'),
      production: true,
      resolvers: {
        Query: { me: (_: unknown, __: unknown, ctx: BaseContext) => ({ id: requireUser(ctx).userId, email: 'client@lbf.demo' }) },
        Author: { __resolveReference: (ref: { id: string }) => ({ id: ref.id, name: `Auteur ${ref.id}` }) },
      },
    });
    toStop.push(shop, people);
    const composed = composeSupergraph([
      { name: 'shop', url: shop.url, sdl: SHOP_SDL },
      { name: 'people', url: people.url, sdl: PEOPLE_SDL },
    ]);
    if (!composed.ok) throw new Error(composed.errors.join('\n'));
    const redisKeyPrefix = `t${randomSuffix()}`;
    const config = (singleFetchPassthrough: boolean) =>
      testGatewayConfig({
        subgraphs: [
          { name: 'shop', url: shop.url },
          { name: 'people', url: people.url },
        ],
        authPublicKey: keys.publicKey,
        redisKeyPrefix,
        supergraphSdl: composed.supergraphSdl,
        production: true,
        singleFetchPassthrough,
      });
    fast = await startGateway(config(true));
    normal = await startGateway(config(false));
    toStop.push(fast, normal);
    await Promise.all([fast.ready, normal.ready]);
  });

  afterAll(async () => {
    for (const s of toStop.reverse()) await s.stop();
    redis.disconnect();
  });

  async function post(gateway: RunningGateway, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const res = await fetch(gateway.url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    return { status: res.status, type: res.headers.get('content-type'), cookies: res.headers.getSetCookie(), body: await res.text() };
  }

  /** Sends the request to both gateways (the fast one twice: the first run accepts it, the second may pass through); returns the fast one's answers. */
  async function compare(body: unknown, headers: Record<string, string> = {}): Promise<{ first: Answer; second: Answer; expected: Answer }> {
    const expected = await post(normal, body, headers);
    const first = await post(fast, body, headers);
    const second = await post(fast, body, headers);
    expect(first).toEqual(expected);
    expect(second).toEqual(expected);
    return { first, second, expected };
  }

  /** The passthrough's counters move by exactly this much while `run` runs. */
  async function expectPassthrough(answered: number, handedBack: number, run: () => Promise<unknown>): Promise<void> {
    const before = fast.singleFetchStats();
    await run();
    const after = fast.singleFetchStats();
    expect({ answered: after.answered - before.answered, handedBack: after.handedBack - before.handedBack }).toEqual({ answered, handedBack });
  }

  it('answers the settings query itself, with the same body, and the subgraph receives the same request', async () => {
    const ua = `agent-${randomSuffix()}`;
    await expectPassthrough(1, 0, async () => {
      const { second } = await compare({ query: '{ settings { name tagline updatedAt } }' }, { 'user-agent': ua });
      expect(JSON.parse(second.body)).toEqual({ data: { settings: { name: 'LBF', tagline: 'Santé', updatedAt: null } } });
    });
    // Forwarded headers reach the subgraph on the passthrough as on the normal path (three calls, one UA).
    expect(received.filter((r) => r === `settings ${ua}`)).toHaveLength(3);
  });

  it('passes through a query with variables only for variable sets the normal path accepted', async () => {
    const query = 'query Page($page: Int!, $size: Int) { videos(page: $page, pageSize: $size) { total page items { id title priceCents } } }';
    await expectPassthrough(1, 0, () => compare({ query, operationName: 'Page', variables: { page: 2, size: 12 } }));
    // New variables: the first run is the normal path's (cost check), then the passthrough.
    await expectPassthrough(1, 0, () => compare({ query, operationName: 'Page', variables: { page: 3, size: 5 } }));
  });

  it('gives aliases, fragments and an explicit __typename exactly as asked', async () => {
    await expectPassthrough(3, 0, async () => {
      await compare({ query: '{ a: settings { n: name } b: settings { tagline } }' });
      await compare({ query: 'query S { settings { ...Parts ... on Settings { tagline } } } fragment Parts on Settings { name }' });
      const { second } = await compare({ query: '{ settings { __typename name } videos(page: 1) { items { __typename id } } }' });
      expect(JSON.parse(second.body).data.settings).toEqual({ __typename: 'Settings', name: 'LBF' });
    });
  });

  it("passes the caller's token and relays the subgraph's refusal exactly as the normal path does", async () => {
    const token = `Bearer ${accessToken(keys.privateKey, 'user-1')}`;
    await expectPassthrough(1, 0, async () => {
      const { second } = await compare({ query: '{ me { id email } }' }, { authorization: token });
      expect(JSON.parse(second.body)).toEqual({ data: { me: { id: 'user-1', email: 'client@lbf.demo' } } });
    });
    // Without a token the subgraph refuses (401 with a GraphQL body): the operation was accepted, so
    // the passthrough sends it, and hands the refusal to the normal path, which shapes it.
    await expectPassthrough(0, 2, async () => {
      const { second } = await compare({ query: '{ me { id email } }' });
      const body = JSON.parse(second.body);
      expect(body.data).toBeNull();
      expect(body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    });
  });

  it('hands an answer with errors to the normal path, which masks it as always, without asking the subgraph twice', async () => {
    const partial = { query: 'query P { settings { name } broken }' };
    await compare(partial);
    const calls = received.length;
    await expectPassthrough(0, 1, async () => {
      const answer = await post(fast, partial);
      expect(answer).toEqual(await post(normal, partial));
      const body = JSON.parse(answer.body);
      expect(body.data).toEqual({ settings: { name: 'LBF' }, broken: null });
      expect(body.errors).toHaveLength(1);
      expect(body.errors[0].message).not.toContain('hunter2');
    });
    // One call per request: the fast gateway's exchange was reused, not repeated.
    expect(received.length - calls).toBe(2);
  });

  it('relays every Set-Cookie of a mutation it passes through, and runs the mutation once', async () => {
    const mutation = { query: 'mutation In($email: String!) { signIn(email: $email) }', variables: { email: 'a@lbf.demo' } };
    await expectPassthrough(1, 0, async () => {
      const { second } = await compare(mutation);
      expect(second.cookies).toEqual([COOKIE_A, COOKIE_B]);
    });
    expect(received.filter((r) => r === 'signIn a@lbf.demo')).toHaveLength(3);
  });

  it('leaves to the normal path plans of several fetches and fetches the planner added fields to', async () => {
    await expectPassthrough(0, 0, async () => {
      // Videos from shop, their authors' names from people: a Sequence with an entity fetch.
      const { second } = await compare({ query: '{ videos(page: 1, pageSize: 2) { items { id author { name } } } }' });
      expect(JSON.parse(second.body).data.videos.items[0]).toEqual({ id: 'v1', author: { name: 'Auteur a0' } });
      await compare({ query: '{ settings { name } me { id } }' }, { authorization: `Bearer ${accessToken(keys.privateKey, 'user-2')}` });
      // A union: the planner asks shop for __typename, which the client did not ask for.
      const { second: union } = await compare({ query: '{ found(id: "settings") { ... on Settings { name } } }' });
      expect(JSON.parse(union.body)).toEqual({ data: { found: { name: 'LBF' } } });
      await compare({ query: 'query($skip: Boolean!) { settings { name tagline @skip(if: $skip) } }', variables: { skip: true } });
    });
  });

  it('refuses what the normal path refuses: invalid, too deep or too costly operations never pass through', async () => {
    await expectPassthrough(0, 0, async () => {
      expect((await compare({ query: '{ settings { nope } }' })).second.status).toBe(400);
      const costly = await compare({ query: 'query Page($page: Int!, $size: Int) { videos(page: $page, pageSize: $size) { items { id } } }', variables: { page: 1, size: 100000 } });
      expect(JSON.parse(costly.second.body).errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
      await compare({ query: '{ settings { name }', operationName: 'x' });
    });
  });
});
