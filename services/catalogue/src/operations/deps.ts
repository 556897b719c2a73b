import type { Logger, UnitOfWork } from '@lbf/service-kit';
import type { DataSource } from 'typeorm';
import type { CatalogueError } from '../domain/errors';
import type { UploadLimits } from '../domain/uploads';
import type { Bucket, ObjectStore } from '../storage';
import type { MediaUrls } from './media-urls';

/** Work queued after a commit (BullMQ in the service; see jobs/catalogue-jobs.ts). */
export interface AfterCommit {
  /** Probe the duration and/or grab a thumbnail of a new video. */
  processVideo(videoId: string): Promise<void>;
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
}

/** Thrown inside a transaction to roll it back and answer with a user-facing error instead. */
export class ResultError extends Error {
  constructor(readonly error: CatalogueError) {
    super(error.message);
  }
}

/** What a mutation yields: the value, or a user-facing error. */
export type Outcome<T> = { value: T; error: null } | { value: null; error: CatalogueError };

export function ok<T>(value: T): Outcome<T> {
  return { value, error: null };
}

export function fail(error: CatalogueError): { value: null; error: CatalogueError } {
  return { value: null, error };
}

/** Runs `fn`; a ResultError it throws becomes the outcome's error. */
export async function catching<T>(fn: () => Promise<Outcome<T>>): Promise<Outcome<T>> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ResultError) return fail(err.error);
    throw err;
  }
}

export interface DeleteOutcome {
  ok: boolean;
  error: CatalogueError | null;
}

/** Runs a deletion; a ResultError (e.g. not found) becomes `{ ok: false, error }`. */
export async function deleting(fn: () => Promise<void>): Promise<DeleteOutcome> {
  try {
    await fn();
    return { ok: true, error: null };
  } catch (err) {
    if (err instanceof ResultError) return { ok: false, error: err.error };
    throw err;
  }
}
