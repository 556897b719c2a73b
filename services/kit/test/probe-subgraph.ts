import type { Redis } from 'ioredis';
import { AccessTokenVerifier, createLogger, startSubgraph, type BaseContext, type RunningSubgraph, type SubgraphOptions } from '../src';
import { testKeys } from '../src/testing';

/**
 * A subgraph for the kit's own tests of its server: on a free port, in development mode, silent,
 * with WebSocket subscriptions, behind the gateway credential; tokens are checked with a fresh key
 * pair (none verifies: these tests are about the door, not about who comes through it).
 */
export function startProbeSubgraph(
  o: Pick<SubgraphOptions<BaseContext>, 'name' | 'typeDefs' | 'resolvers' | 'readiness' | 'draining' | 'routes'> & { redis: Redis; gatewaySecret: string },
): Promise<RunningSubgraph> {
  const { redis, ...options } = o;
  return startSubgraph<BaseContext>({
    port: 0,
    verifier: new AccessTokenVerifier(testKeys().publicKey, redis),
    log: createLogger(o.name, 'silent'),
    production: false,
    subscriptions: true,
    ...options,
  });
}
