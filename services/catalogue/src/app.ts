import { bootService, defineService, siteTimezoneOf, type BaseContext, type ServiceQueues } from '@lbf/service-kit';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import type { CatalogueConfig } from './config';
import { createDataSource } from './database';
import { startEntitlementsConsumers } from './entitlements/consumers';
import { DEFAULT_UPLOAD_LIMITS, type UploadLimits } from './media/upload-rules';
import {
  CATALOGUE_JOB_NAMES,
  CATALOGUE_JOB_RECOVERY,
  catalogueAfterCommit,
  catalogueJobHandlers,
  UPLOAD_CLEANUP_SCHEDULER,
  VIDEO_SWEEP_SCHEDULER,
  type CatalogueJobs,
  type CatalogueQueues,
} from './media/jobs';
import { BUNDLED_FFMPEG } from './media/processing/ffmpeg';
import { imageVariantHandler, isPublicImage, VariantCache } from './media/image-variants';
import { readHandler, uploadHandler } from './media/media-routes';
import { MediaSigner } from './media/signing';
import { streamHandler } from './playback/stream-routes';
import { DEFAULT_PREVIEW_LIMITS, DEFAULT_STREAM_TTL_SECONDS } from './playback/rules';
import { videoKeyFor } from './playback/playback';
import { PreviewLimits } from './playback/preview-limits';
import type { CatalogueDeps } from './shared/deps';
import { MediaUrls } from './media/media-urls';
import { isPendingObject } from './media/uploads';
import { createResolvers } from './resolvers';
import { typeDefs } from './schema';
import { createObjectStore, LocalDiskStore, type ObjectStore } from './media/storage';

export interface RunningCatalogue {
  url: string;
  wsUrl: string;
  port: number;
  /** Where media live (tests look at it). */
  store: ObjectStore;
  /** The BullMQ side (tests wait on its jobs). */
  jobs: CatalogueQueues;
  /** Resized public images on disk (tests count the resizes). */
  variants: VariantCache;
  /** Its database connection (tests count the statements it runs). */
  ds: DataSource;
  stop(): Promise<void>;
}

/** What the catalogue is on top of the kit's bootstrap: its media store, /media routes, operations and jobs. */
export function catalogueService(config: CatalogueConfig) {
  return defineService<CatalogueConfig, CatalogueJobs, BaseContext, { store: ObjectStore; deps: CatalogueDeps; variants: VariantCache }>({
    name: 'catalogue',
    config,
    dataSource: (url) => createDataSource(url),
    typeDefs,
    jobs: { names: CATALOGUE_JOB_NAMES, concurrency: 2, recovery: CATALOGUE_JOB_RECOVERY },
    async setup({ ds, uow, log, enqueue, bus, redis, verifier }) {
      const limits: UploadLimits = { ...DEFAULT_UPLOAD_LIMITS, ...config.limits };
      const signer = new MediaSigner(config.mediaSigningSecret);
      const store = createObjectStore({ s3: config.s3, mediaDir: config.mediaDir, signer });
      await store.init();
      log.info({ store: store.kind, where: config.s3?.endpoint ?? config.mediaDir }, 'media store ready');
      const variants = new VariantCache(join(config.mediaDir, '.variants'));
      const deps: CatalogueDeps = {
        ds,
        uow,
        store,
        urls: new MediaUrls(store, config.readUrlTtlSeconds ?? 600),
        limits,
        log,
        after: catalogueAfterCommit(enqueue, store, log, variants),
        uploadUrlTtlSeconds: config.uploadUrlTtlSeconds ?? 900,
        uploadRetentionSeconds: config.uploadRetentionSeconds ?? 6 * 3600,
        siteTimezone: siteTimezoneOf(config),
        playback: {
          signer,
          redis,
          redisKeyPrefix: config.redisKeyPrefix ?? 'lbf',
          streamTtlSeconds: config.streamTokenTtlSeconds ?? DEFAULT_STREAM_TTL_SECONDS,
          previewLimits: new PreviewLimits(redis, config.redisKeyPrefix ?? 'lbf', { ...DEFAULT_PREVIEW_LIMITS, ...config.previewLimits }),
        },
      };
      return {
        resolvers: createResolvers(deps),
        consumers: startEntitlementsConsumers({ bus, uow, log, maxDeliver: config.eventMaxDeliver }),
        readiness: { storage: () => store.stat('videos', 'readiness-probe') },
        routes: (app) => {
          // Playback sessions, with either store: the stream token (and for the key, the viewer) is checked here.
          app.use('/media/stream', streamHandler({ store, signer, verifier, log, videoKey: (grant, auth) => videoKeyFor(deps, grant, auth) }));
          // Resized public images (either store): only those of published items, made once, kept on disk.
          app.use(
            '/media/img',
            imageVariantHandler({ store, cache: variants, log, maxSourceBytes: limits.imageBytes, isPublic: (bucket, key) => isPublicImage(ds, bucket, key) }),
          );
          // With S3, browsers talk to the store directly for uploads and signed reads; /media is the local disk's stand-in for it.
          if (!(store instanceof LocalDiskStore)) return;
          const media = { store, signer, log, isPending: (bucket: 'videos' | 'pdfs', key: string) => isPendingObject(deps, bucket, key) };
          app.use('/media/upload', uploadHandler(media));
          app.use('/media', readHandler(media));
        },
        jobHandlers: catalogueJobHandlers({
          ds,
          uow,
          store,
          log,
          ffmpegPath: config.ffmpegPath ?? BUNDLED_FFMPEG,
          after: deps.after,
          enqueueBuild: (videoId, version) => deps.after.buildStream(videoId, version),
          sweepAfterMs: config.videoSweepAfterMs,
          variants,
        }),
        jobSchedules: [
          { id: UPLOAD_CLEANUP_SCHEDULER, name: 'cleanup-uploads', repeat: { every: config.uploadCleanupEveryMs ?? 5 * 60_000 } },
          { id: VIDEO_SWEEP_SCHEDULER, name: 'sweep-videos', repeat: { every: config.videoSweepEveryMs ?? 15_000 } },
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
    url: running.url,
    wsUrl: running.wsUrl,
    port: running.port,
    store: running.expose.store,
    variants: running.expose.variants,
    ds: running.ds,
    jobs: { ...running.expose.deps.after, queues, close: () => queues.close() },
    stop: async () => void (await running.stop()),
  };
}
