import type { Logger, UnitOfWork } from '@lbf/service-kit';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { thumbnailTime } from './ffmpeg-output';
import { stagePercent } from './ffmpeg-progress';
import { ladderFor, previewLength, rungWidth } from './hls-ladder';
import { grabFrame } from './ffmpeg';
import { hlsVersionPrefix } from './hls-layout';
import { packageLadder } from './hls-package';
import { encodeLadder, probeSource, UnreadableSourceError } from './transcode';
import { clearProcessingAlert, raiseProcessingAlert } from './processing-alerts';
import { itemEvent } from '../../shared/item-events';
import type { AfterCommit } from '../../shared/deps';
import { ensureVideoKey, lockBuildRow, markBuildFailed, setDurationIfMissing, setThumbnailIfMissing, switchToVersion, videoRow, writeBuildProgress } from '../store';
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
  const video = await videoRow(deps.ds.manager, videoId);
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
      await setDurationIfMissing(deps.ds.manager, videoId, info.durationSeconds);
    }
    if (!video.thumbnailKey) await fillThumbnail(deps, videoId, source, info.durationSeconds, dir);

    const key = await ensureVideoKey(deps.ds.manager, videoId);
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

    const outcome = await switchRow(deps, videoId, version, packaged);
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
    if (await markBuildFailed(tx.manager, videoId, version, reason)) await raiseProcessingAlert(tx, videoId);
  });
}

/**
 * One transaction switches the row to the version (unless it went or a newer build was asked
 * for), publishes the video with its first ladder and clears a failure from the bell.
 */
async function switchRow(
  deps: Pick<StreamDeps, 'uow'>,
  videoId: string,
  version: number,
  packaged: { renditions: unknown; previewRenditions: unknown; previewSeconds: number },
): Promise<{ outcome: 'gone' | 'superseded' | 'ready'; previous: number | null }> {
  return deps.uow.run(async (tx) => {
    const { manager, emit } = tx;
    const current = await lockBuildRow(manager, videoId);
    if (!current) return { outcome: 'gone' as const, previous: null };
    if (current.processing_version !== version) return { outcome: 'superseded' as const, previous: null };
    const updated = await switchToVersion(manager, videoId, version, {
      renditions: packaged.renditions,
      previewRenditions: packaged.previewRenditions,
      previewSeconds: packaged.previewSeconds || null,
    });
    // The first ladder is what puts a video on sale (createVideo leaves it unpublished).
    if (current.published_at === null) {
      await emit('catalogue.item.published', itemEvent({ id: videoId, title: updated.title, priceCents: updated.priceCents }, 'video'));
    }
    // A failure on the bell is over once a build is served.
    await clearProcessingAlert(tx, videoId);
    return { outcome: 'ready' as const, previous: current.hls_version };
  });
}

async function fillThumbnail(deps: StreamDeps, videoId: string, source: string, duration: number | null, dir: string): Promise<void> {
  const file = join(dir, 'thumb.jpg');
  await grabFrame(deps.ffmpegPath, source, thumbnailTime(duration), file);
  const key = `${Date.now()}-${randomBytes(3).toString('hex')}-thumb-auto.jpg`;
  await deps.store.put('videos', key, await readFile(file), { contentType: 'image/jpeg' });
  // Deleted meanwhile, or an admin uploaded a thumbnail first: the frame is not needed.
  if (!(await setThumbnailIfMissing(deps.ds.manager, videoId, key))) await deps.store.delete('videos', key);
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
      writeBuildProgress(deps.ds.manager, videoId, version, p).then(
        (still) => still,
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
