import { bootService, defineService, type BaseContext, serviceHandle, type ServiceHandle } from '@lbf/service-kit';
import { createUserLoaders } from './accounts';
import { accountsModule } from './accounts/accounts.module';
import { adminModule } from './admin/admin.module';
import { bansModule } from './bans/bans.module';
import { captchaModule } from './captcha/captcha.module';
import { CLEANUP_JOB, cleanupModule, type IdentityJobs } from './cleanup/cleanup.module';
import { resolveConfig, type IdentityConfig, type ResolvedConfig } from './config';
import type { IdentityContext } from './context';
import { createDataSource } from './database';
import type { IdentityDeps } from './deps';
import { typeDefs } from './schema';
import { AccessTokenIssuer, checkKeyPair } from './sessions';
import { sessionsModule } from './sessions/sessions.module';
import { RateLimiter } from './shared/rate-limits';

export const SERVICE_NAME = 'identity';

export type RunningIdentity = ServiceHandle;

/** What identity is on top of the kit's bootstrap: its schema and its rooms (accounts, sessions, captcha, bans, admin, cleanup). */
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
      const deps: IdentityDeps = { ds, uow, bus, redis, config, log, limits: new RateLimiter(redis, config.redisKeyPrefix, config.rateLimits) };
      return {
        modules: [accountsModule({ ...deps, tokens }), sessionsModule({ ...deps, tokens }), captchaModule(deps), bansModule(deps), adminModule(deps), cleanupModule(deps)],
        context: (base: BaseContext): IdentityContext => ({ ...base, loaders: createUserLoaders(ds), actingUserId: null }),
      };
    },
  });
}

/** Boots identity in this process (what main does, and what the tests call). */
export async function startIdentity(input: IdentityConfig): Promise<RunningIdentity> {
  const running = await bootService(identityService(input));
  return serviceHandle(running);
}
