import { createHarness, createTestEnvironment, type Harness, type TestEnvironment } from '@lbf/service-kit/testing';
import { startIdentity, type RunningIdentity } from '../src/app';
import type { IdentityConfig } from '../src/config';
import { accountsFactories, type AccountsFactories } from './factories/accounts';

export * from './factories/accounts';

/** GraphQL answers are read field by field in the tests, as a browser would; typing each one would only repeat the SDL. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;

/** identity's test harness: the kit's (database copy, stream, Redis prefix, keys, events, teardown) and the accounts factories. */
export type IdentityHarness = Harness<IdentityConfig, RunningIdentity> & AccountsFactories;

/** Starts identity exactly as production does, against this file's own database, stream and Redis prefix. */
export async function identityHarness(overrides: Partial<IdentityConfig> = {}): Promise<IdentityHarness> {
  const h = await createHarness<IdentityConfig, RunningIdentity>(
    {
      service: 'identity',
      config: (base, env) => ({ ...base, authPrivateKey: env.keys.privateKey, publicUrl: 'http://localhost:4000' }),
      start: startIdentity,
    },
    overrides,
  );
  return Object.assign(h, accountsFactories({ url: h.app.url, subgraphSecret: h.env.subgraphSecret, sql: h.sql }));
}

/** For the admin command's tests: this file's database copy and stream, without the service (the command runs alone). */
export function commandEnvironment(): Promise<TestEnvironment> {
  return createTestEnvironment();
}
