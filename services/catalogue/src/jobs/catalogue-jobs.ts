import type { JobHandlers, Logger, ServiceQueues } from '@lbf/service-kit';
import type { JobsOptions } from 'bullmq';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { thumbnailTime } from '../domain/ffmpeg-output';
import { Video } from '../entities';
import { grabFrame, probeDurationSeconds } from '../media/ffmpeg';
import type { AfterCommit } from '../operations/deps';
import { returning } from '../operations/query-helpers';
import { deleteExpiredUploads } from '../operations/uploads';
import type { Bucket, ObjectStore } from '../storage';

/** The jobs of the catalogue queue. Stored in Redis: never rename one. */
export type CatalogueJobs = {
  /** Probes a new video's duration and grabs a thumbnail frame, for whichever is missing. */
  'process-video': { videoId: string };
  /** Deletes abandoned uploads and their objects (scheduled). */
  'cleanup-uploads': Record<string, never>;
  /** Deletes objects no item uses any more (after a deletion or a replacement). */
  'delete-objects': { objects: Array<{ bucket: Bucket; key: string }> };
};

export const CATALOGUE_JOB_NAMES = ['process-video', 'cleanup-uploads', 'delete-objects'] as const satisfies readonly (keyof CatalogueJobs)[];

/** One scheduler for every instance (upserted at each start under this id). */
export const UPLOAD_CLEANUP_SCHEDULER = 'cleanup-uploads-every';

export interface JobDeps {
  ds: DataSource;
  store: ObjectStore;
  log: Logger;
  ffmpegPath: string;
}

export type ProcessVideoOutcome = 'gone' | 'nothing to do' | 'done';

/** Safe to run twice: it reloads the video and only fills what is still missing. */
export async function processVideo(deps: JobDeps, videoId: string): Promise<ProcessVideoOutcome> {
  const video = await deps.ds.getRepository(Video).findOneBy({ id: videoId });
  if (!video) return 'gone';
  if (video.durationSeconds !== null && video.thumbnailKey) return 'nothing to do';
  const source = await deps.store.processingSource('videos', video.videoKey);
  let duration = video.durationSeconds;
  if (duration === null) {
    duration = await probeDurationSeconds(deps.ffmpegPath, source);
    if (duration === null) deps.log.warn({ videoId }, 'ffmpeg found no duration in the video');
    else await deps.ds.query('UPDATE videos SET duration_seconds = $2 WHERE id = $1 AND duration_seconds IS NULL', [videoId, duration]);
  }
  if (!video.thumbnailKey) {
    const dir = await mkdtemp(join(tmpdir(), 'lbf-thumb-'));
    try {
      const file = join(dir, 'frame.jpg');
      await grabFrame(deps.ffmpegPath, source, thumbnailTime(duration), file);
      const key = `${Date.now()}-${randomBytes(3).toString('hex')}-thumb-auto.jpg`;
      await deps.store.put('videos', key, await readFile(file), { contentType: 'image/jpeg' });
      const set = await returning(deps.ds, 'UPDATE videos SET thumbnail_key = $2 WHERE id = $1 AND thumbnail_key IS NULL RETURNING id', [videoId, key]);
      // Deleted meanwhile, or an admin uploaded a thumbnail first: the frame is not needed.
      if (set.length === 0) await deps.store.delete('videos', key);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  return 'done';
}

async function deleteObjects(deps: JobDeps, objects: CatalogueJobs['delete-objects']['objects']): Promise<void> {
  for (const o of objects) await deps.store.delete(o.bucket, o.key);
}

export interface CatalogueQueues extends AfterCommit {
  queues: ServiceQueues<CatalogueJobs>;
  close(): Promise<void>;
}

/** One handler per job of the map; the kit's bootstrap refuses to start when one is missing. */
export function catalogueJobHandlers(deps: JobDeps): JobHandlers<CatalogueJobs> {
  return {
    'process-video': (job) => processVideo(deps, job.data.videoId),
    'cleanup-uploads': async () => {
      const deleted = await deleteExpiredUploads(deps);
      if (deleted) deps.log.info({ deleted }, 'abandoned uploads deleted');
      return deleted;
    },
    'delete-objects': (job) => deleteObjects(deps, job.data.objects),
  };
}

type Enqueue = <K extends keyof CatalogueJobs & string>(name: K, data: CatalogueJobs[K], opts?: JobsOptions) => Promise<unknown>;

/** The work operations queue after a commit; job options (ids, retries) decided here, not at call sites. */
export function catalogueAfterCommit(enqueue: Enqueue, store: ObjectStore, log: Logger): AfterCommit {
  const retry = { attempts: 5, backoff: { type: 'exponential', delay: 2000 } };
  return {
    async processVideo(videoId) {
      await enqueue('process-video', { videoId }, { jobId: `process-video-${videoId}`, attempts: 3, backoff: { type: 'exponential', delay: 5000 } });
    },
    async deleteObjects(objects) {
      // Try at once (the usual case); what fails is left to the job and its retries.
      const left: typeof objects = [];
      for (const o of objects) {
        await store.delete(o.bucket, o.key).catch((err: unknown) => {
          log.warn({ err: String(err), key: o.key }, 'could not delete an object now; queued');
          left.push(o);
        });
      }
      if (left.length) await enqueue('delete-objects', { objects: left }, retry);
    },
  };
}
