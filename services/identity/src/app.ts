import {
  AccessTokenVerifier,
  connectEventBus,
  createLogger,
  createRedis,
  createServiceQueues,
  migrate,
  OutboxRelay,
  startSubgraph,
  UnitOfWork,
  type BaseContext,
} from '@lbf/service-kit';
import { resolveConfig, type IdentityConfig } from './config';
import type { IdentityContext } from './context';
import { createDataSource } from './database';
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

export async function startIdentity(input: IdentityConfig): Promise<RunningIdentity> {
  const config = resolveConfig(input);
  const log = createLogger(SERVICE_NAME, config.logLevel);
  const tokens = new AccessTokenIssuer(config.authPrivateKey, config.accessTokenTtlSeconds);
  await checkKeyPair(tokens, config.authPublicKey);

  // Opened in order; closed in reverse by `stop`, and by the catch below if a later step fails.
  const closers: Array<() => Promise<unknown>> = [];
  const closeAll = async () => {
    for (const close of closers.reverse()) {
      await close().catch((err: unknown) => log.warn({ err: String(err) }, 'error while stopping'));
    }
  };
  try {
    const ds = createDataSource(config.databaseUrl);
    await ds.initialize();
    closers.push(() => ds.destroy());
    const ran = await migrate(ds);
    if (ran.length) log.info({ migrations: ran }, 'migrations applied');

    const redis = createRedis(config.redisUrl, SERVICE_NAME);
    closers.push(() => redis.quit());

    const bus = await connectEventBus({ url: config.natsUrl, stream: config.eventStream, prefix: config.eventPrefix, name: SERVICE_NAME, log });
    closers.push(() => bus.close());
    const relay = new OutboxRelay(ds, { publish: bus.publish, log });
    relay.start();
    closers.push(() => relay.stop());

    const uow = new UnitOfWork(ds, SERVICE_NAME, relay);
    const deps: Deps = { ds, uow, redis, config, log, tokens, limits: new RateLimiter(redis, config.redisKeyPrefix, config.rateLimits) };

    const queues = createServiceQueues<IdentityJobs>({
      service: SERVICE_NAME,
      connection: redis,
      prefix: config.redisKeyPrefix,
      jobNames: [CLEANUP_JOB],
      log,
      handlers: {
        [CLEANUP_JOB]: async () => {
          const counts = await cleanupExpired(ds, config.refreshTokenTtlDays);
          log.info(counts, 'expired identity rows deleted');
          return counts;
        },
      },
    });
    closers.push(() => queues.close());
    await queues.queue.upsertJobScheduler(CLEANUP_SCHEDULER_ID, { every: CLEANUP_EVERY_MS }, { name: CLEANUP_JOB, data: {} });

    const captchas = new Captchas(deps);
    const sessions = new Sessions(deps);
    const resolvers = createResolvers({
      captchas,
      sessions,
      accounts: new Accounts(deps, captchas, sessions),
      passwordResets: new PasswordResets(deps),
      bans: new Bans(deps),
      production: config.production,
    });

    const subgraph = await startSubgraph<IdentityContext>({
      name: SERVICE_NAME,
      port: config.port,
      host: config.host,
      typeDefs,
      resolvers,
      verifier: new AccessTokenVerifier(config.authPublicKey, redis),
      log,
      production: config.production,
      context: (base: BaseContext): IdentityContext => ({ ...base, loaders: createUserLoaders(ds), actingUserId: null }),
      readiness: {
        database: () => ds.query('SELECT 1'),
        redis: () => redis.ping(),
        nats: async () => {
          if (bus.nc.isClosed()) throw new Error('NATS connection closed');
        },
      },
    });
    closers.push(() => subgraph.stop());

    return {
      url: subgraph.url,
      wsUrl: subgraph.wsUrl,
      port: subgraph.port,
      stop: closeAll,
    };
  } catch (err) {
    await closeAll();
    throw err;
  }
}
