import { ok, recordAdminAction, settle, type AdminActor, type Result } from '@lbf/service-kit';
import type { Video } from '../shared/records';
import type { CatalogueDeps } from '../shared/deps';
import { catalogueError, messages, refused } from '../shared/errors';
import { isUuid } from '../shared/query-helpers';
import { lockVideoBuild, nextStreamVersion } from './store';
import { findVideo } from './videos';

/** Administrators: builds the video's ladder again (after a failure, or to rebuild it). */
export async function retryVideoProcessing(deps: CatalogueDeps, admin: AdminActor, id: string): Promise<Result<Video>> {
  if (!isUuid(id)) return refused('NOT_FOUND', messages.videoNotFound);
  const requested = await settle(() =>
    deps.uow.run(async (tx) => {
      const row = await lockVideoBuild(tx.manager, id);
      if (!row) throw catalogueError('NOT_FOUND', messages.videoNotFound);
      // A live build: a second one would only waste it (a stuck one stops updating and may be retried).
      if (row.busy) throw catalogueError('VALIDATION', messages.alreadyProcessing);
      const version = await nextStreamVersion(tx.manager, id);
      await recordAdminAction(tx, admin, 'video.reprocessed', { id, label: row.title }, { version });
      return version;
    }),
  );
  if (!requested.ok) return requested;
  await deps.after.buildStream(id, requested.value!);
  const video = await findVideo(deps, id);
  return video ? ok(video) : refused('NOT_FOUND', messages.videoNotFound);
}
