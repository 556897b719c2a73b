import { defineModule, type JobSchedule } from '@lbf/service-kit';
import type { DataSource } from 'typeorm';
import type { CatalogueDeps } from '../shared/deps';
import { imageVariantHandler, isPublicImage, type VariantCache } from './image-variants';
import { catalogueJobHandlers, UPLOAD_CLEANUP_SCHEDULER, VIDEO_SWEEP_SCHEDULER, type CatalogueJobs } from './jobs';
import { readHandler, uploadHandler } from './media-routes';
import { mediaResolvers } from './resolvers';
import type { MediaSigner } from './signing';
import { LocalDiskStore } from './storage';
import { isPendingObject } from './uploads';

export interface MediaModuleDeps extends CatalogueDeps {
  ds: DataSource;
  signer: MediaSigner;
  variants: VariantCache;
  ffmpegPath: string;
  /** The sweep: how often it runs, and how long a pending/processing row must have stood still first. */
  videoSweepEveryMs: number;
  videoSweepAfterMs: number;
  uploadCleanupEveryMs: number;
}

/**
 * Media: uploads (signed tickets, the local disk's upload and read routes, the cleanup job), the
 * object store, resized public images, and the streaming build of videos (jobs, sweep, alerts).
 */
export const mediaModule = (deps: MediaModuleDeps) => {
  const { store, signer, log, variants } = deps;
  const jobSchedules: JobSchedule<CatalogueJobs>[] = [
    { id: UPLOAD_CLEANUP_SCHEDULER, name: 'cleanup-uploads', repeat: { every: deps.uploadCleanupEveryMs } },
    { id: VIDEO_SWEEP_SCHEDULER, name: 'sweep-videos', repeat: { every: deps.videoSweepEveryMs } },
  ];
  return defineModule<CatalogueJobs>({
    name: 'media',
    resolvers: mediaResolvers(deps),
    readiness: { storage: () => store.stat('videos', 'readiness-probe') },
    routes: (app) => {
      // Resized public images (either store): only those of published items, made once, kept on disk.
      app.use(
        '/media/img',
        imageVariantHandler({ store, cache: variants, log, maxSourceBytes: deps.limits.imageBytes, isPublic: (bucket, key) => isPublicImage(deps.ds, bucket, key) }),
      );
      // With S3, browsers talk to the store directly for uploads and signed reads; /media is the local disk's stand-in for it.
      if (!(store instanceof LocalDiskStore)) return;
      const media = { store, signer, log, isPending: (bucket: 'videos' | 'pdfs', key: string) => isPendingObject(deps, bucket, key) };
      app.use('/media/upload', uploadHandler(media));
      app.use('/media', readHandler(media));
    },
    jobHandlers: catalogueJobHandlers({
      ds: deps.ds,
      uow: deps.uow,
      store,
      log,
      ffmpegPath: deps.ffmpegPath,
      after: deps.after,
      enqueueBuild: (videoId, version) => deps.after.buildStream(videoId, version),
      sweepAfterMs: deps.videoSweepAfterMs,
      variants,
    }),
    jobSchedules,
  });
};
