import { bootService, defineService, type BaseContext, type ServiceQueues, serviceHandle, type ServiceHandle } from '@lbf/service-kit';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { catalogueSettings, type CatalogueConfig } from './config';
import { contentModule } from './content';
import { createDataSource } from './database';
import { createOwnership, entitlementsModule } from './entitlements';
import { erasureModule } from './erasure';
import { exportModule } from './export';
import { itemsModule } from './items';
import {
  CATALOGUE_JOB_NAMES,
  CATALOGUE_JOB_RECOVERY,
  catalogueAfterCommit,
  createObjectStore,
  MediaSigner,
  MediaUrls,
  mediaModule,
  VariantCache,
  type CatalogueJobs,
  type CatalogueQueues,
  type ObjectStore,
} from './media';
import { offlineModule } from './offline';
import { playbackModule, PreviewLimits } from './playback';
import { removeRefundedReview, reviewsModule } from './reviews';
import { typeDefs } from './schema';
import type { CatalogueDeps } from './shared/deps';
import { statsModule } from './stats';

export interface RunningCatalogue extends ServiceHandle {
  /** Where media live (tests look at it). */
  store: ObjectStore;
  /** The BullMQ side (tests wait on its jobs). */
  jobs: CatalogueQueues;
  /** Resized public images on disk (tests count the resizes). */
  variants: VariantCache;
  /** Its database connection (tests count the statements it runs). */
  ds: DataSource;
}

/**
 * What the catalogue is on top of the kit's bootstrap: its shared deps (database, media store and
 * URLs, work after commit) and its rooms. Playback's route comes before media's (its /media/stream
 * would otherwise be read as a file of /media).
 */
export function catalogueService(config: CatalogueConfig) {
  const settings = catalogueSettings(config);
  return defineService<CatalogueConfig, CatalogueJobs, BaseContext, { store: ObjectStore; deps: CatalogueDeps; variants: VariantCache }>({
    name: 'catalogue',
    config,
    dataSource: (url, poolMax) => createDataSource(url, poolMax),
    typeDefs,
    jobs: { names: CATALOGUE_JOB_NAMES, concurrency: 2, recovery: CATALOGUE_JOB_RECOVERY },
    async setup({ ds, uow, log, enqueue, bus, redis, verifier }) {
      const signer = new MediaSigner(settings.mediaSigningSecret);
      const store = createObjectStore({ s3: settings.s3, mediaDir: settings.mediaDir, signer });
      await store.init();
      log.info({ store: store.kind, where: settings.s3?.endpoint ?? settings.mediaDir }, 'media store ready');
      const variants = new VariantCache(join(settings.mediaDir, '.variants'));
      const deps: CatalogueDeps = {
        ds,
        uow,
        store,
        urls: new MediaUrls(store, settings.readUrlTtlSeconds),
        limits: settings.limits,
        log,
        after: catalogueAfterCommit(enqueue, store, log, variants),
        uploadUrlTtlSeconds: settings.uploadUrlTtlSeconds,
        uploadRetentionSeconds: settings.uploadRetentionSeconds,
        siteTimezone: settings.siteTimezone,
      };
      const playback = {
        signer,
        redis,
        redisKeyPrefix: settings.redisKeyPrefix,
        streamTtlSeconds: settings.streamTokenTtlSeconds,
        previewLimits: new PreviewLimits(redis, settings.redisKeyPrefix, settings.previewLimits),
      };
      const ownership = createOwnership(deps);
      return {
        modules: [
          itemsModule({ ...deps, ownership }),
          entitlementsModule({ bus, uow, log, maxDeliver: settings.eventMaxDeliver, ownership, onRevoked: removeRefundedReview }),
          reviewsModule(deps),
          playbackModule({ ...deps, playback, signer, verifier, bus, maxDeliver: settings.eventMaxDeliver }),
          offlineModule({ ...deps, bus, maxDeliver: settings.eventMaxDeliver }),
          mediaModule({
            ...deps,
            signer,
            variants,
            ffmpegPath: settings.ffmpegPath,
            videoSweepEveryMs: settings.videoSweepEveryMs,
            videoSweepAfterMs: settings.videoSweepAfterMs,
            uploadCleanupEveryMs: settings.uploadCleanupEveryMs,
          }),
          contentModule(deps),
          statsModule(deps),
          erasureModule({ ...deps, bus, maxDeliver: settings.eventMaxDeliver }),
          exportModule({ ...deps, bus, maxDeliver: settings.eventMaxDeliver }),
        ],
        expose: { store, deps, variants },
      };
    },
  });
}

/** Boots the catalogue in this process (what main does, and what the tests call). */
export async function startCatalogue(config: CatalogueConfig): Promise<RunningCatalogue> {
  const running = await bootService(catalogueService(config));
  const queues = running.queues as unknown as ServiceQueues<CatalogueJobs>;
  return {
    ...serviceHandle(running),
    store: running.expose.store,
    variants: running.expose.variants,
    ds: running.ds,
    jobs: { ...running.expose.deps.after, queues, close: () => queues.close() },
  };
}
