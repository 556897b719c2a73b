import { TEST_REDIS_URL } from '@lbf/service-kit/testing';
import { request } from 'node:http';
import type { RunningGateway } from '../src/app';
import type { GatewayConfig } from '../src/config';

/** The gateway's tests use the kit's shared harness; a browser in front of the gateway sends no secret. */
export { Browser, subscribe, wsClient, type GraphQLResponse, type Loose, type Subscriber } from '@lbf/service-kit/testing';

/** The gateway's credential towards the subgraphs in tests (SUBGRAPH_SECRET). */
export const TEST_SUBGRAPH_SECRET = 'test-subgraph-secret-0123456789';

/** A gateway on a free port, in development mode, silent, with the test secret; each test names its subgraphs. */
export function testGatewayConfig(over: Pick<GatewayConfig, 'subgraphs' | 'authPublicKey'> & Partial<GatewayConfig>): GatewayConfig {
  return { port: 0, redisUrl: TEST_REDIS_URL, subgraphSecret: TEST_SUBGRAPH_SECRET, production: false, webDist: null, logLevel: 'silent', ...over };
}

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
