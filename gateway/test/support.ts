/** The gateway's tests use the kit's shared harness; a browser in front of the gateway sends no secret. */
export { Browser, subscribe, wsClient, type GraphQLResponse, type Loose, type Subscriber } from '@lbf/service-kit/testing';

/** The gateway's credential towards the subgraphs in tests (SUBGRAPH_SECRET). */
export const TEST_SUBGRAPH_SECRET = 'test-subgraph-secret-0123456789';
