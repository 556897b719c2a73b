import { bootService, defineService, type BaseContext, serviceHandle, type ServiceHandle } from '@lbf/service-kit';
import { createUserLoaders } from './accounts';
import { accountsModule } from './accounts/accounts.module';
import { adminModule } from './admin/admin.module';
import { apiKeysModule } from './api-keys';
import { bansModule } from './bans/bans.module';
import { captchaModule } from './captcha/captcha.module';
import { cleanupModule } from './cleanup/cleanup.module';
import { consentsModule } from './consents/consents.module';
import { resolveConfig, type IdentityConfig, type ResolvedConfig } from './config';
import type { IdentityContext } from './context';
import { createDataSource } from './database';
import { deletionModule } from './deletion/deletion.module';
import { exportModule, identityExportPart } from './export';
import type { IdentityDeps } from './deps';
import { typeDefs } from './schema';
import { AccessTokenIssuer, checkKeyPair } from './sessions';
import { sessionsModule } from './sessions/sessions.module';
import { IDENTITY_JOB_NAMES, type IdentityJobs } from './shared/jobs';
import { RateLimiter } from './shared/rate-limits';

export const SERVICE_NAME = 'identity';

export type RunningIdentity = ServiceHandle;

/** What identity is on top of the kit's bootstrap: its schema and its rooms (accounts, sessions, captcha, consents, bans, admin, cleanup, deletion). */
export function identityService(input: IdentityConfig) {
  return defineService<ResolvedConfig, IdentityJobs, IdentityContext>({
    name: SERVICE_NAME,
    config: resolveConfig(input),
    dataSource: (url, poolMax) => createDataSource(url, poolMax),
    typeDefs,
    jobs: { names: IDENTITY_JOB_NAMES },
    async setup({ ds, uow, bus, redis, log, config }) {
      const tokens = new AccessTokenIssuer(config.authPrivateKey, config.accessTokenTtlSeconds);
      await checkKeyPair(tokens, config.authPublicKey);
      const deps: IdentityDeps = { ds, uow, bus, redis, config, log, limits: new RateLimiter(redis, config.redisKeyPrefix, config.rateLimits) };
      return {
        modules: [accountsModule({ ...deps, tokens }), sessionsModule({ ...deps, tokens }), captchaModule(deps), consentsModule(deps), bansModule(deps), apiKeysModule({ ...deps, tokens }), adminModule(deps), cleanupModule(deps), deletionModule(deps), exportModule(deps), identityExportPart(deps)],
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
