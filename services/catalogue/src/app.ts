import {
  AccessTokenVerifier,
  connectEventBus,
  createLogger,
  createRedis,
  Lifecycle,
  OutboxRelay,
  startSubgraph,
  UnitOfWork,
} from '@lbf/service-kit';
import type { CatalogueConfig } from './config';
import { createDataSource, migrateCatalogue } from './database';
import { DEFAULT_UPLOAD_LIMITS, type UploadLimits } from './domain/uploads';
import { startCatalogueQueues, type CatalogueQueues } from './jobs/catalogue-jobs';
import { BUNDLED_FFMPEG } from './media/ffmpeg';
import { readHandler, uploadHandler } from './media/media-routes';
import { MediaSigner } from './media/signing';
import type { CatalogueDeps } from './operations/deps';
import { MediaUrls } from './operations/media-urls';
import { isPendingObject } from './operations/uploads';
import { createResolvers } from './resolvers';
import { typeDefs } from './schema';
import { createObjectStore, LocalDiskStore, type ObjectStore } from './storage';

export interface RunningCatalogue {
  url: string;
  wsUrl: string;
  port: number;
  /** Where media live (tests look at it). */
  store: ObjectStore;
  /** The BullMQ side (tests wait on its jobs). */
  jobs: CatalogueQueues;
  stop(): Promise<void>;
}

/**
 * Starts the catalogue subgraph with its media routes (local disk), outbox relay and queue. If any
 * part fails to start, what was already started is closed again before the error is rethrown.
 */
export async function startCatalogue(config: CatalogueConfig): Promise<RunningCatalogue> {
  const log = createLogger('catalogue', config.logLevel);
  const lifecycle = new Lifecycle(log);
  const limits: UploadLimits = { ...DEFAULT_UPLOAD_LIMITS, ...config.limits };
  try {
    const ds = createDataSource(config.databaseUrl);
    await ds.initialize();
    lifecycle.onShutdown('database', () => ds.destroy());
    const ran = await migrateCatalogue(ds);
    if (ran.length) log.info({ migrations: ran }, 'migrations applied');

    const signer = new MediaSigner(config.mediaSigningSecret);
    const store = createObjectStore({ s3: config.s3, mediaDir: config.mediaDir, signer });
    await store.init();
    log.info({ store: store.kind, where: config.s3?.endpoint ?? config.mediaDir }, 'media store ready');

    const redis = createRedis(config.redisUrl, 'catalogue');
    lifecycle.onShutdown('redis', () => redis.quit());

    const bus = await connectEventBus({ url: config.natsUrl, stream: config.eventStream, prefix: config.eventPrefix, name: 'catalogue', log });
    lifecycle.onShutdown('event bus', () => bus.close());

    const relay = new OutboxRelay(ds, { publish: bus.publish, log });
    relay.start();
    lifecycle.onShutdown('outbox relay', () => relay.stop());
    const uow = new UnitOfWork(ds, 'catalogue', relay);

    const jobs = await startCatalogueQueues({
      ds,
      store,
      log,
      ffmpegPath: config.ffmpegPath ?? BUNDLED_FFMPEG,
      connection: redis,
      prefix: config.redisKeyPrefix ?? 'lbf',
      cleanupEveryMs: config.uploadCleanupEveryMs ?? 5 * 60_000,
    });
    lifecycle.onShutdown('queues', () => jobs.close());

    const deps: CatalogueDeps = {
      ds,
      uow,
      store,
      urls: new MediaUrls(store, config.readUrlTtlSeconds ?? 600),
      limits,
      log,
      after: jobs,
      uploadUrlTtlSeconds: config.uploadUrlTtlSeconds ?? 900,
      uploadRetentionSeconds: config.uploadRetentionSeconds ?? 6 * 3600,
    };

    const subgraph = await startSubgraph({
      name: 'catalogue',
      port: config.port,
      host: config.host,
      typeDefs,
      resolvers: createResolvers(deps),
      verifier: new AccessTokenVerifier(config.authPublicKey, redis),
      log,
      production: config.production,
      readiness: {
        database: () => ds.query('SELECT 1'),
        redis: () => redis.ping(),
        nats: () => bus.nc.flush(),
        storage: () => store.stat('videos', 'readiness-probe'),
      },
      routes: (app) => {
        // With S3, browsers talk to the store directly; /media is the local disk's stand-in for it.
        if (!(store instanceof LocalDiskStore)) return;
        const media = { store, signer, log, isPending: (bucket: 'videos' | 'pdfs', key: string) => isPendingObject(deps, bucket, key) };
        app.use('/media/upload', uploadHandler(media));
        app.use('/media', readHandler(media));
      },
    });
    lifecycle.onShutdown('subgraph', () => subgraph.stop());

    return { url: subgraph.url, wsUrl: subgraph.wsUrl, port: subgraph.port, store, jobs, stop: () => lifecycle.shutdown() };
  } catch (err) {
    await lifecycle.shutdown();
    throw err;
  }
}
