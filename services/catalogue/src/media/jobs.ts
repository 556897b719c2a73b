import type { JobHandlers, JobRecovery, Logger, ServiceQueues } from '@lbf/service-kit';
import type { Job, JobsOptions } from 'bullmq';
import type { AfterCommit } from '../shared/deps';
import { staleBuilds, wantedVersion } from './store';
import { deleteExpiredUploads } from './uploads';
import type { Bucket, ObjectStore } from './storage';
import { buildStream, markFailed, PROCESSING_ERRORS, type StreamDeps } from './processing/stream-video';

/** The jobs of the catalogue queue. Stored in Redis: never rename one. */
export type CatalogueJobs = {
  /** Older name of the streaming build (jobs queued before it existed): builds the version the row asks for. */
  'process-video': { videoId: string };
  /** Builds ladder `version` of a video (probe, HLS ladder, preview, thumbnail, duration); id `stream-<id>-v<version>`. */
  'stream-video': { videoId: string; version: number };
  /** Re-enqueues videos left pending or processing without a live job (seeded rows, a lost enqueue); scheduled. */
  'sweep-videos': Record<string, never>;
  /** Deletes a video's streaming folder or one of its versions (retried when the store is unreachable). */
  'delete-stream-files': { prefix: string };
  /** Deletes abandoned uploads and their objects (scheduled). */
  'cleanup-uploads': Record<string, never>;
  /** Deletes objects no item uses any more (after a deletion or a replacement). */
  'delete-objects': { objects: Array<{ bucket: Bucket; key: string }> };
  /** Deletes the months of lesson data past RETENTION.lessonDataMonths (scheduled; the playback room's). */
  'purge-lesson-data': Record<string, never>;
};

export const CATALOGUE_JOB_NAMES = [
  'process-video',
  'stream-video',
  'sweep-videos',
  'delete-stream-files',
  'cleanup-uploads',
  'delete-objects',
  'purge-lesson-data',
] as const satisfies readonly (keyof CatalogueJobs)[];

/** One scheduler for every instance (upserted at each start under this id). */
export const UPLOAD_CLEANUP_SCHEDULER = 'cleanup-uploads-every';
export const VIDEO_SWEEP_SCHEDULER = 'sweep-videos-every';
export const LESSON_DATA_PURGE_SCHEDULER = 'purge-lesson-data-every';

export interface JobDeps extends StreamDeps {
  /** Queues the build of a version (the sweep's and process-video's way in). */
  enqueueBuild(videoId: string, version: number): Promise<void>;
  /** Rows untouched for this long while pending/processing are checked by the sweep. */
  sweepAfterMs: number;
  /** The resized copies of public images, dropped with their image. */
  variants?: { drop(bucket: Bucket, key: string): Promise<void> };
}

/**
 * How soon a build whose worker died runs again on another instance: its lock lapses at most 10 s
 * after the last renewal and a stalled check runs every 3 s (BullMQ's 30 s and 30 s took up to a
 * minute). A build spends its time in ffmpeg's own process, so a live worker's event loop is free
 * to renew every 2.5 s: it would have to miss three renewals in a row (7.5 s) to lose its job; if
 * it ever does, the job runs twice, which a build tolerates (same files, one row switch), and a
 * job put back more than twice fails like any other build.
 */
export const CATALOGUE_JOB_RECOVERY: JobRecovery = { lockMs: 10_000, renewMs: 2_500, stalledCheckMs: 3_000, maxStalled: 2 };

/** Attempts of a build; the last one's failure is recorded on the row. */
const BUILD_ATTEMPTS = 3;

export function streamJobId(videoId: string, version: number): string {
  return `stream-${videoId}-v${version}`;
}

/** Older jobs: build whatever version the row asks for (nothing when it is already built). */
async function processVideo(deps: JobDeps, videoId: string): Promise<string> {
  const version = await wantedVersion(deps.ds.manager, videoId);
  if (version === null) return 'gone';
  return buildStream(deps, videoId, version);
}

/**
 * Videos waiting or processing whose row has not moved for a while: (re)queue their build under
 * its deterministic id. A live job (waiting, active, delayed) is left alone; a finished one that
 * left the row open (a crash past its retries) is replaced.
 */
export async function sweepVideos(deps: JobDeps): Promise<number> {
  const ids = await staleBuilds(deps.ds.manager, deps.sweepAfterMs);
  let queued = 0;
  for (const id of ids) {
    const version = await wantedVersion(deps.ds.manager, id);
    if (version === null) continue;
    await deps.enqueueBuild(id, version);
    queued++;
  }
  return queued;
}

async function deleteObjects(deps: JobDeps, objects: CatalogueJobs['delete-objects']['objects']): Promise<void> {
  for (const o of objects) {
    await deps.store.delete(o.bucket, o.key);
    await deps.variants?.drop(o.bucket, o.key);
  }
}

export interface CatalogueQueues extends AfterCommit {
  queues: ServiceQueues<CatalogueJobs>;
  close(): Promise<void>;
}

/** The media room's jobs (the playback room handles 'purge-lesson-data'); the kit's bootstrap refuses to start when one is missing. */
export function catalogueJobHandlers(deps: JobDeps): Omit<JobHandlers<CatalogueJobs>, 'purge-lesson-data'> {
  return {
    'process-video': (job) => processVideo(deps, job.data.videoId),
    'stream-video': async (job) => {
      try {
        return await buildStream(deps, job.data.videoId, job.data.version);
      } catch (err) {
        // The last attempt: say so on the row (the admin list offers a retry); earlier ones are retried.
        if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) {
          await markFailed(deps, job.data.videoId, job.data.version, PROCESSING_ERRORS.failed);
          deps.log.error({ videoId: job.data.videoId, version: job.data.version, err: String(err) }, 'video processing failed for good');
        }
        throw err;
      }
    },
    'sweep-videos': async () => {
      const queued = await sweepVideos(deps);
      if (queued) deps.log.info({ queued }, 'video builds (re)queued by the sweep');
      return queued;
    },
    'delete-stream-files': (job) => deps.store.deletePrefix('videos', job.data.prefix),
    'cleanup-uploads': async () => {
      const deleted = await deleteExpiredUploads(deps);
      if (deleted) deps.log.info({ deleted }, 'abandoned uploads deleted');
      return deleted;
    },
    'delete-objects': (job) => deleteObjects(deps, job.data.objects),
  };
}

type Enqueue = <K extends keyof CatalogueJobs & string>(name: K, data: CatalogueJobs[K], opts?: JobsOptions) => Promise<Job | unknown>;

/** The work operations queue after a commit; job options (ids, retries) decided here, not at call sites. */
export function catalogueAfterCommit(enqueue: Enqueue, store: ObjectStore, log: Logger, variants?: JobDeps['variants']): AfterCommit {
  const retry = { attempts: 5, backoff: { type: 'exponential', delay: 2000 } };
  return {
    async buildStream(videoId, version) {
      const opts: JobsOptions = { jobId: streamJobId(videoId, version), attempts: BUILD_ATTEMPTS, backoff: { type: 'exponential', delay: 10_000 } };
      const job = await enqueue('stream-video', { videoId, version }, opts);
      // Same id as a job that already finished (kept a while in Redis): BullMQ ignores the add, so replace it.
      const state = job && typeof (job as Job).getState === 'function' ? await (job as Job).getState() : null;
      if (state === 'completed' || state === 'failed') {
        await (job as Job).remove().catch(() => undefined);
        await enqueue('stream-video', { videoId, version }, opts);
      }
    },
    async deleteStreamFiles(prefix) {
      await store.deletePrefix('videos', prefix).catch(async (err: unknown) => {
        log.warn({ err: String(err), prefix }, 'could not delete streaming files now; queued');
        await enqueue('delete-stream-files', { prefix }, retry);
      });
    },
    async deleteObjects(objects) {
      // Try at once (the usual case); what fails is left to the job and its retries.
      const left: typeof objects = [];
      for (const o of objects) {
        try {
          await store.delete(o.bucket, o.key);
          await variants?.drop(o.bucket, o.key);
        } catch (err) {
          log.warn({ err: String(err), key: o.key }, 'could not delete an object now; queued');
          left.push(o);
        }
      }
      if (left.length) await enqueue('delete-objects', { objects: left }, retry);
    },
  };
}
