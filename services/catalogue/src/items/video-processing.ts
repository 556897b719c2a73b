import type { EntityManager } from 'typeorm';
import { catalogueError, messages } from '../shared/errors';
import { Video } from '../entities';
import type { CatalogueDeps } from '../shared/deps';
import { findVideo } from './videos';
import { isUuid, returning } from '../shared/query-helpers';

/**
 * Asks for a new ladder version of a video (inside the caller's transaction): the next number
 * after any built or requested one, the state back to pending. The old version keeps playing
 * until the new one is switched in. Answers the version to enqueue after the commit.
 */
export async function requestStreamBuild(manager: Pick<EntityManager, 'query'>, videoId: string): Promise<number | null> {
  const rows = await returning<{ processing_version: number }>(
    manager,
    `UPDATE videos SET processing_version = GREATEST(COALESCE(processing_version, 0), COALESCE(hls_version, 0)) + 1,
       processing_state = 'pending', processing_progress = 0, processing_error = NULL, processing_updated_at = now()
     WHERE id = $1 RETURNING processing_version`,
    [videoId],
  );
  return rows[0]?.processing_version ?? null;
}

/** Administrators: builds the video's ladder again (after a failure, or to rebuild it). */
export async function retryVideoProcessing(deps: CatalogueDeps, id: string): Promise<Video> {
  if (!isUuid(id)) throw catalogueError('NOT_FOUND', messages.videoNotFound);
  const version = await deps.uow.run(async ({ manager }) => {
    const [row] = (await manager.query(
      `SELECT processing_state = 'processing' AND processing_updated_at > now() - interval '2 minutes' AS busy FROM videos WHERE id = $1 FOR UPDATE`,
      [id],
    )) as Array<{ busy: boolean }>;
    if (!row) throw catalogueError('NOT_FOUND', messages.videoNotFound);
    // A live build: a second one would only waste it (a stuck one stops updating and may be retried).
    if (row.busy) throw catalogueError('VALIDATION', messages.alreadyProcessing);
    return requestStreamBuild(manager, id);
  });
  await deps.after.buildStream(id, version!);
  const video = await findVideo(deps, id);
  if (!video) throw catalogueError('NOT_FOUND', messages.videoNotFound);
  return video;
}
