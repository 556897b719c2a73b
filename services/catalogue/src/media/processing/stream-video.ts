import type { Logger, UnitOfWork } from '@lbf/service-kit';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { thumbnailTime } from './ffmpeg-output';
import { stagePercent } from './ffmpeg-progress';
import { ladderFor, previewLength, rungWidth } from './hls-ladder';
import { Video } from '../../entities';
import { grabFrame } from './ffmpeg';
import { hlsVersionPrefix } from './hls-layout';
import { packageLadder } from './hls-package';
import { encodeLadder, probeSource, UnreadableSourceError } from './transcode';
import { clearProcessingAlert, raiseProcessingAlert } from './processing-alerts';
import { itemEvent } from '../../shared/item-events';
import type { AfterCommit } from '../../shared/deps';
import { returning } from '../../shared/query-helpers';
import type { ObjectStore } from '../storage';

export interface StreamDeps {
  ds: DataSource;
  uow: UnitOfWork;
  store: ObjectStore;
  log: Logger;
  ffmpegPath: string;
  after: Pick<AfterCommit, 'deleteStreamFiles'>;
  /** Least time between two progress writes (the admin list polls every ~2 s). */
  progressEveryMs?: number;
}

/** Reasons shown to administrators (French). */
export const PROCESSING_ERRORS = {
  unreadable: 'Le fichier vidéo est illisible.',
  missing: 'Le fichier vidéo est introuvable.',
  failed: 'La conversion de la vidéo a échoué. Réessayez ; si cela se reproduit, envoyez un autre fichier.',
} as const;

export type StreamOutcome = 'gone' | 'already built' | 'superseded' | 'failed' | 'ready';

/** A failure that is the file's, not the machine's: retrying the same file cannot help. */
class FileProblem extends Error {}

/**
 * Builds ladder `version` of a video: probe, encode every rung and the audio, thumbnail and
 * duration when missing, then store the version's files (full encrypted, preview clear) and switch
 * the row to them in one transaction, publishing the video with its first ladder. Safe to run
 * again: a version already served or superseded does nothing, and files land under the version's
 * own folder (a rerun overwrites the same keys). Transient errors throw (BullMQ retries).
 */
export async function buildStream(deps: StreamDeps, videoId: string, version: number): Promise<StreamOutcome> {
  const video = await deps.ds.getRepository(Video).findOneBy({ id: videoId });
  if (!video) return 'gone';
  if (video.hlsVersion !== null && video.hlsVersion >= version) return 'already built';
  if (video.processingVersion !== version) return 'superseded';

  const report = progressWriter(deps, videoId, version);
  const started = await report.set(0, true);
  if (!started) return 'superseded';

  const dir = await mkdtemp(join(tmpdir(), `lbf-hls-${videoId.slice(0, 8)}-`));
  try {
    if (!(await deps.store.stat('videos', video.videoKey))) throw new FileProblem(PROCESSING_ERRORS.missing);
    const source = await deps.store.processingSource('videos', video.videoKey);
    const info = await probeSource(deps.ffmpegPath, source).catch((err: unknown) => {
      throw err instanceof UnreadableSourceError ? new FileProblem(PROCESSING_ERRORS.unreadable) : err;
    });
    if (info.durationSeconds === null || info.durationSeconds <= 0) throw new FileProblem(PROCESSING_ERRORS.unreadable);
    await report.set(2);

    const rungs = ladderFor(info.height).map((r) => ({ ...r, width: rungWidth(info, r.height) }));
    const out = join(dir, 'out');
    await encodeLadder(deps.ffmpegPath, source, info, rungs, out, (f) => void report.set(stagePercent(2, 80, f)));
    if (video.durationSeconds === null) {
      await deps.ds.query('UPDATE videos SET duration_seconds = $2 WHERE id = $1 AND duration_seconds IS NULL', [videoId, info.durationSeconds]);
    }
    if (!video.thumbnailKey) await fillThumbnail(deps, videoId, source, info.durationSeconds, dir);

    const key = await videoKey(deps, videoId);
    if (!key) return 'gone';
    const duration = video.durationSeconds ?? info.durationSeconds;
    const packaged = await packageLadder({
      store: deps.store,
      videoId,
      version,
      dir: out,
      rungs,
      key,
      previewSeconds: previewLength(video.previewSeconds, duration),
      onProgress: (f) => void report.set(stagePercent(80, 99, f)),
    });
    await report.flush();

    const outcome = await deps.uow.run(async ({ manager, emit }) => {
      const [row] = await manager.query('SELECT hls_version, processing_version, published_at FROM videos WHERE id = $1 FOR UPDATE', [videoId]);
      const current = row as { hls_version: number | null; processing_version: number | null; published_at: Date | null } | undefined;
      if (!current) return { outcome: 'gone' as const, previous: null };
      if (current.processing_version !== version) return { outcome: 'superseded' as const, previous: null };
      const [updated] = await returning<Video & { title: string; price_cents: number }>(
        manager,
        `UPDATE videos SET hls_version = $2, hls_renditions = $3::jsonb, preview_renditions = $4::jsonb, hls_preview_seconds = $5,
           processing_state = 'ready', processing_progress = 100, processing_error = NULL, processing_updated_at = now(),
           published_at = COALESCE(published_at, now())
         WHERE id = $1 RETURNING id, title, price_cents`,
        [videoId, version, JSON.stringify(packaged.renditions), JSON.stringify(packaged.previewRenditions), packaged.previewSeconds || null],
      );
      // The first ladder is what puts a video on sale (createVideo leaves it unpublished).
      if (current.published_at === null) {
        await emit('catalogue.item.published', itemEvent({ id: videoId, title: updated!.title, priceCents: Number(updated!.price_cents) }, 'video'));
      }
      // A failure on the bell is over once a build is served.
      await clearProcessingAlert({ manager, emit }, videoId);
      return { outcome: 'ready' as const, previous: current.hls_version };
    });
    if (outcome.outcome !== 'ready') {
      // Nobody will ever serve these files.
      await deps.after.deleteStreamFiles(hlsVersionPrefix(videoId, version));
      return outcome.outcome;
    }
    deps.log.info({ videoId, version, files: packaged.files, renditions: packaged.renditions.map((r) => r.name) }, 'video ladder ready');
    if (outcome.previous !== null && outcome.previous !== version) await deps.after.deleteStreamFiles(hlsVersionPrefix(videoId, outcome.previous));
    return 'ready';
  } catch (err) {
    if (err instanceof FileProblem) {
      await markFailed(deps, videoId, version, err.message);
      deps.log.warn({ videoId, version, reason: err.message }, 'video processing failed');
      return 'failed';
    }
    throw err;
  } finally {
    report.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Records a final failure (shown in the admin list with a retry button) and, in the same
 * transaction, puts it on the back-office bell unless it is there already (admin-alerts.ts).
 */
export async function markFailed(deps: Pick<StreamDeps, 'uow'>, videoId: string, version: number, reason: string): Promise<void> {
  await deps.uow.run(async (tx) => {
    const failed = await returning(
      tx.manager,
      `UPDATE videos SET processing_state = 'failed', processing_error = $3, processing_updated_at = now()
       WHERE id = $1 AND processing_version = $2 AND (hls_version IS NULL OR hls_version < $2) RETURNING id`,
      [videoId, version, reason],
    );
    if (failed.length) await raiseProcessingAlert(tx, videoId);
  });
}

/** The video's AES-128 key, made on its first build and kept for every later one; null when the video is gone. */
async function videoKey(deps: Pick<StreamDeps, 'ds'>, videoId: string): Promise<Buffer | null> {
  try {
    await deps.ds.query('INSERT INTO video_keys (video_id, key) VALUES ($1, $2) ON CONFLICT (video_id) DO NOTHING', [videoId, randomBytes(16)]);
  } catch (err) {
    // Deleted meanwhile: the foreign key refuses the row.
    if ((err as { code?: string }).code === '23503') return null;
    throw err;
  }
  const [row] = (await deps.ds.query('SELECT key FROM video_keys WHERE video_id = $1', [videoId])) as Array<{ key: Buffer }>;
  return row?.key ?? null;
}

async function fillThumbnail(deps: StreamDeps, videoId: string, source: string, duration: number | null, dir: string): Promise<void> {
  const file = join(dir, 'thumb.jpg');
  await grabFrame(deps.ffmpegPath, source, thumbnailTime(duration), file);
  const key = `${Date.now()}-${randomBytes(3).toString('hex')}-thumb-auto.jpg`;
  await deps.store.put('videos', key, await readFile(file), { contentType: 'image/jpeg' });
  const set = await returning(deps.ds, 'UPDATE videos SET thumbnail_key = $2 WHERE id = $1 AND thumbnail_key IS NULL RETURNING id', [videoId, key]);
  // Deleted meanwhile, or an admin uploaded a thumbnail first: the frame is not needed.
  if (set.length === 0) await deps.store.delete('videos', key);
}

/**
 * Progress writes of one build, at most one per `progressEveryMs` (and only when the percentage
 * moved), guarded by the version so a superseded build never overwrites a newer one's state.
 */
function progressWriter(deps: StreamDeps, videoId: string, version: number) {
  const every = deps.progressEveryMs ?? 1000;
  let written = -1;
  let wanted = 0;
  let lastAt = 0;
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<boolean> = Promise.resolve(true);
  const write = (): Promise<boolean> => {
    const p = wanted;
    lastAt = Date.now();
    written = p;
    writing = writing.then(() =>
      returning(
        deps.ds,
        `UPDATE videos SET processing_state = 'processing', processing_progress = $3, processing_error = NULL, processing_updated_at = now()
         WHERE id = $1 AND processing_version = $2 AND processing_state IN ('pending', 'processing', 'failed') RETURNING id`,
        [videoId, version, p],
      ).then(
        (rows) => rows.length > 0,
        (err: unknown) => {
          deps.log.warn({ videoId, err: String(err) }, 'could not record processing progress');
          return true;
        },
      ),
    );
    return writing;
  };
  return {
    /** Records `percent`; `now` writes at once (answers false when the row is no longer this build's). */
    set(percent: number, now = false): Promise<boolean> {
      wanted = Math.max(wanted, percent);
      if (now) return write();
      if (wanted === written || timer) return Promise.resolve(true);
      const wait = Math.max(0, lastAt + every - Date.now());
      if (wait === 0) return write();
      timer = setTimeout(() => {
        timer = null;
        if (wanted !== written) void write();
      }, wait);
      return Promise.resolve(true);
    },
    async flush(): Promise<void> {
      if (timer) clearTimeout(timer);
      timer = null;
      if (wanted !== written) await write();
      await writing;
    },
    stop(): void {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
