/**
 * The shared test harness (`@lbf/service-kit/testing`): real Postgres, NATS and Redis with names no
 * other test file shares, a GraphQL client that speaks to a subgraph as the gateway does, an event
 * collector and data factories. Every service's and the gateway's tests build on it.
 */
export * from './infra';
export * from './graphql';
export * from './events';
export * from './environment';
export * from './private-nats';
export * from './spreadsheet';
export * from './harness';
export * from './per-file';
export * from './event-samples';
export * from './personal-data';
export * from './built-service';
