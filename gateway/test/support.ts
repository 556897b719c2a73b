import { AccessTokenVerifier, createLogger, startSubgraph, type BaseContext, type Redis, type RunningSubgraph } from '@lbf/service-kit';
import { TEST_REDIS_URL, testKeys } from '@lbf/service-kit/testing';
import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startGateway, type RunningGateway } from '../src/app';
import type { GatewayConfig } from '../src/config';

/** The gateway's tests use the kit's shared harness; a browser in front of the gateway sends no secret. */
export { Browser, subscribe, wsClient, type GraphQLResponse, type Loose, type Subscriber } from '@lbf/service-kit/testing';

/** The gateway's credential towards the subgraphs in tests (SUBGRAPH_SECRET). */
export const TEST_SUBGRAPH_SECRET = 'test-subgraph-secret-0123456789';

/** Identity's rate limits out of the way: a test signs up and in as often as it needs. */
const permissive = { points: 100_000, durationSeconds: 60 };
export const PERMISSIVE_RATE_LIMITS = {
  signInPerIp: permissive,
  signInPerEmail: permissive,
  signUpPerIp: permissive,
  resetPerIp: permissive,
  resetPerEmail: permissive,
  captchaPerIp: permissive,
};

/** A gateway on a free port, in development mode, silent, with the test secret; each test names its subgraphs. */
export function testGatewayConfig(over: Pick<GatewayConfig, 'subgraphs' | 'authPublicKey'> & Partial<GatewayConfig>): GatewayConfig {
  return { port: 0, redisUrl: TEST_REDIS_URL, subgraphSecret: TEST_SUBGRAPH_SECRET, production: false, webDist: null, logLevel: 'silent', ...over };
}

/** Where a gateway serves the site and its routes: its URL without /graphql. */
export const siteOrigin = (gateway: Pick<RunningGateway, 'url'>) => gateway.url.replace(/\/graphql$/, '');

/**
 * fetch on a gateway's one address (its PUBLIC_URL, `siteUrl`) when that names a host the test
 * cannot resolve (https://lbf.example): the request goes to the address the gateway listens on with
 * the public host in its Host header, as the proxy in front of a deployment sends it. fetch itself
 * cannot (Host is set from the URL). Redirects are not followed and the body is not decoded.
 */
export function fetchSite(gateway: Pick<RunningGateway, 'url' | 'siteUrl'>, path: string, init: { method?: string; headers?: Record<string, string> } = {}): Promise<Response> {
  const listening = new URL(gateway.url);
  const site = new URL(gateway.siteUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: listening.hostname, port: listening.port, path, method: init.method ?? 'GET', headers: { host: site.host, ...init.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const headers = new Headers();
          for (let i = 0; i < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
          const status = res.statusCode ?? 0;
          const empty = status === 204 || status === 304 || init.method === 'HEAD';
          resolve(new Response(empty ? null : Buffer.concat(chunks), { status, statusText: res.statusMessage, headers }));
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** A request a fake service received from the gateway. */
export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * An HTTP peer standing in for a service's own routes behind a relay: records each request that
 * reached it in `received`, then lets `answer` reply as the service does. The gateway keeps asking
 * its /graphql for the schema to compose: that gets 503 and is not recorded.
 */
export function recordingPeer(received: Received[], answer: (req: IncomingMessage, res: ServerResponse) => void): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url?.startsWith('/graphql')) return void res.writeHead(503).end();
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      answer(req, res);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * A fake `name` service and the gateways in front of it, for the relays' tests: a recordingPeer
 * (what it is sent lands in `received`) started before the block's tests, gateways started with
 * `inFront` (no supergraph is composed from the peer: the relays do not wait for one), all of them
 * stopped after the block.
 */
export function relayPeer(name: string, answer: (req: IncomingMessage, res: ServerResponse) => void) {
  const received: Received[] = [];
  const gateways: RunningGateway[] = [];
  let peer: Server | undefined;
  beforeAll(async () => {
    peer = await recordingPeer(received, answer);
  });
  afterAll(async () => {
    for (const gateway of gateways) await gateway.stop();
    await new Promise((r) => peer?.close(r));
  });
  return {
    received,
    async inFront(over: Partial<GatewayConfig> = {}): Promise<RunningGateway> {
      const { port } = peer!.address() as AddressInfo;
      const gateway = await startGateway(testGatewayConfig({ subgraphs: [{ name, url: `http://127.0.0.1:${port}/graphql` }], authPublicKey: testKeys().publicKey, ...over }));
      gateways.push(gateway);
      return gateway;
    },
  };
}

/** A catalogue standing in with a `ping` query and the routes a test gives it (what the gateway relays under /media). */
export function fakeCatalogue(publicKey: string, redis: Redis, routes: NonNullable<Parameters<typeof startSubgraph<BaseContext>>[0]['routes']>): Promise<RunningSubgraph> {
  return startSubgraph<BaseContext>({
    name: 'catalogue',
    port: 0,
    typeDefs: 'extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])\ntype Query { ping: Boolean }',
    resolvers: { Query: { ping: () => true } },
    verifier: new AccessTokenVerifier(publicKey, redis),
    log: createLogger('catalogue', 'silent'),
    production: false,
    routes,
  });
}
