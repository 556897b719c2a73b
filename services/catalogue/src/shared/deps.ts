import type { Logger, UnitOfWork } from '@lbf/service-kit';
import type { DataSource } from 'typeorm';
import type { MediaUrls } from '../media/media-urls';
import type { ObjectStore } from '../media/storage/object-store';
import type { UploadLimits } from '../media/upload-rules';
import type { Bucket } from './buckets';

/** Work queued after a commit (BullMQ in the service; see media/jobs.ts). */
export interface AfterCommit {
  /** Build ladder `version` of a video (job `stream-<id>-v<version>`). */
  buildStream(videoId: string, version: number): Promise<void>;
  /** Delete a video's streaming folder (or one version's); retried by a job when the store is unreachable. */
  deleteStreamFiles(prefix: string): Promise<void>;
  /** Delete objects an item no longer uses; retried by a job when the store is unreachable. */
  deleteObjects(objects: Array<{ bucket: Bucket; key: string }>): Promise<void>;
}

/**
 * What every room of the catalogue is built from (app.ts makes it once): the database and its
 * unit of work, the media store and its signed URLs, the upload limits, the log and the work
 * queued after a commit. A room that needs more (playback: Redis, the signer) takes it beside.
 */
export interface CatalogueDeps {
  ds: DataSource;
  uow: UnitOfWork;
  store: ObjectStore;
  urls: MediaUrls;
  limits: UploadLimits;
  log: Logger;
  after: AfterCommit;
  uploadUrlTtlSeconds: number;
  uploadRetentionSeconds: number;
  /** The site's time zone (SITE_TIMEZONE): the dates of the CSV exports. */
  siteTimezone: string;
}
