import type { Logger, UnitOfWork } from '@lbf/service-kit';
import type { DataSource } from 'typeorm';
import type { UploadLimits } from '../media/upload-rules';
import type { Bucket, ObjectStore } from '../media/storage';
import type { MediaUrls } from '../media/media-urls';
import type { PlaybackSettings } from '../playback/playback';

/** Work queued after a commit (BullMQ in the service; see jobs/catalogue-jobs.ts). */
export interface AfterCommit {
  /** Build ladder `version` of a video (job `stream-<id>-v<version>`). */
  buildStream(videoId: string, version: number): Promise<void>;
  /** Delete a video's streaming folder (or one version's); retried by a job when the store is unreachable. */
  deleteStreamFiles(prefix: string): Promise<void>;
  /** Delete objects an item no longer uses; retried by a job when the store is unreachable. */
  deleteObjects(objects: Array<{ bucket: Bucket; key: string }>): Promise<void>;
}

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
  /** Stream tokens, session starts (Redis) and their lifetime: operations/playback.ts. */
  playback: PlaybackSettings;
}
