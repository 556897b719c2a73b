import { AccessTokenVerifier, bootService, defineService, siteTimezoneOf, type BaseContext } from '@lbf/service-kit';
import { resolveConfig, type IdentityConfig, type ResolvedConfig } from './config';
import type { IdentityContext } from './context';
import { createDataSource } from './database';
import { purchaseTotalsConsumers } from './events/purchase-totals';
import { CLEANUP_EVERY_MS, CLEANUP_JOB, CLEANUP_SCHEDULER_ID, cleanupExpired } from './jobs/cleanup';
import { AccessTokenIssuer } from './operations/access-tokens';
import { Accounts } from './operations/accounts';
import { Bans } from './operations/bans';
import { Captchas } from './operations/captchas';
import type { Deps } from './operations/deps';
import { PasswordResets } from './operations/password-resets';
import { RateLimiter } from './operations/rate-limits';
import { Sessions } from './operations/sessions';
import { createUserLoaders } from './operations/users';
import { createResolvers } from './resolvers';
import { typeDefs } from './schema';

export const SERVICE_NAME = 'identity';

/** The jobs of the identity queue. Stored in Redis: never rename one. */
type IdentityJobs = { [CLEANUP_JOB]: Record<string, never> };

export interface RunningIdentity {
  url: string;
  wsUrl: string;
  port: number;
  stop(): Promise<void>;
}

/** Fails fast when the two keys do not belong together: every token would be refused everywhere. */
async function checkKeyPair(issuer: AccessTokenIssuer, publicKey: string): Promise<void> {
  const probe = issuer.issue('00000000-0000-4000-8000-000000000000', '00000000-0000-4000-8000-000000000000', []);
  if (!(await new AccessTokenVerifier(publicKey).verify(probe.token))) {
    throw new Error('AUTH_PRIVATE_KEY and AUTH_PUBLIC_KEY are not an ES256 key pair');
  }
}

/** What identity is on top of the kit's bootstrap: its schema, operations, resolvers, purchase-totals consumers and cleanup job. */
export function identityService(input: IdentityConfig) {
  return defineService<ResolvedConfig, IdentityJobs, IdentityContext>({
    name: SERVICE_NAME,
    config: resolveConfig(input),
    dataSource: (url) => createDataSource(url),
    typeDefs,
    jobs: { names: [CLEANUP_JOB] },
    async setup({ ds, uow, bus, redis, log, config }) {
      const tokens = new AccessTokenIssuer(config.authPrivateKey, config.accessTokenTtlSeconds);
      await checkKeyPair(tokens, config.authPublicKey);
      const deps: Deps = { ds, uow, redis, config, log, tokens, limits: new RateLimiter(redis, config.redisKeyPrefix, config.rateLimits) };
      const captchas = new Captchas(deps);
      const sessions = new Sessions(deps);
      return {
        resolvers: createResolvers({
          captchas,
          sessions,
          accounts: new Accounts(deps, captchas, sessions),
          passwordResets: new PasswordResets(deps),
          bans: new Bans(deps),
          ds,
          production: config.production,
          siteTimezone: siteTimezoneOf(config),
        }),
        consumers: purchaseTotalsConsumers({ bus, uow, log }),
        context: (base: BaseContext): IdentityContext => ({ ...base, loaders: createUserLoaders(ds), actingUserId: null }),
        jobHandlers: {
          [CLEANUP_JOB]: async () => {
            const counts = await cleanupExpired(ds, config.refreshTokenTtlDays);
            log.info(counts, 'expired identity rows deleted');
            return counts;
          },
        },
        jobSchedules: [{ id: CLEANUP_SCHEDULER_ID, name: CLEANUP_JOB, repeat: { every: CLEANUP_EVERY_MS } }],
      };
    },
  });
}

/** Boots identity in this process (what main does, and what the tests call). */
export async function startIdentity(input: IdentityConfig): Promise<RunningIdentity> {
  const running = await bootService(identityService(input));
  return {
    url: running.url,
    wsUrl: running.wsUrl,
    port: running.port,
    stop: async () => void (await running.stop()),
  };
}
