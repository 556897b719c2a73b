import { AccessTokenVerifier, createLogger, startSubgraph, type BaseContext, type RunningSubgraph, type SubgraphOptions } from '../src';
import { testKeys } from '../src/testing';

/**
 * A subgraph for the kit's own tests of its server: on a free port, in development mode, silent,
 * with WebSocket subscriptions, behind the gateway credential. Its tokens are checked against a
 * fresh key pair nobody signs with, so none verifies and no revocation list is needed: these tests
 * are about the door, not about who comes through it.
 */
export function startProbeSubgraph(
  o: Pick<SubgraphOptions<BaseContext>, 'name' | 'typeDefs' | 'resolvers' | 'readiness' | 'draining' | 'routes'> & { gatewaySecret: string },
): Promise<RunningSubgraph> {
  return startSubgraph<BaseContext>({
    port: 0,
    verifier: new AccessTokenVerifier(testKeys().publicKey),
    log: createLogger(o.name, 'silent'),
    production: false,
    subscriptions: true,
    ...o,
  });
}
