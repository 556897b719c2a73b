import { TEST_REDIS_URL } from '@lbf/service-kit/testing';
import type { GatewayConfig } from '../src/config';

/** The gateway's tests use the kit's shared harness; a browser in front of the gateway sends no secret. */
export { Browser, subscribe, wsClient, type GraphQLResponse, type Loose, type Subscriber } from '@lbf/service-kit/testing';

/** The gateway's credential towards the subgraphs in tests (SUBGRAPH_SECRET). */
export const TEST_SUBGRAPH_SECRET = 'test-subgraph-secret-0123456789';

/** A gateway on a free port, in development mode, silent, with the test secret; each test names its subgraphs. */
export function testGatewayConfig(over: Pick<GatewayConfig, 'subgraphs' | 'authPublicKey'> & Partial<GatewayConfig>): GatewayConfig {
  return { port: 0, redisUrl: TEST_REDIS_URL, subgraphSecret: TEST_SUBGRAPH_SECRET, production: false, webDist: null, logLevel: 'silent', ...over };
}
