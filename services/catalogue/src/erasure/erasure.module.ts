import { userErasureModule, type EventBus } from '@lbf/service-kit';
import { deleteEntitlementsOf } from '../entitlements';
import { deleteOfflineOf } from '../offline';
import { deletePlaybackOf } from '../playback';
import { deleteReviewsOf } from '../reviews';
import type { CatalogueDeps } from '../shared/deps';

/**
 * Account deletion (identity.user.deleted, durable `catalogue-user-deleted`, the kit's erasure room):
 * the person's stamped copies of guides (they carry their name and e-mail: the objects and their
 * rows), entitlements, watch progress, views, monthly lesson data, reviews (their words and name) and offline licences go (their copies are then refused at the next renewal), each through the room that owns it. The objects
 * are deleted before the transaction commits: if the store cannot be reached, nothing is committed
 * and the event comes again, so no copy outlives its row. Videos and guides keep their view and
 * download counts.
 */
export const erasureModule = (deps: Pick<CatalogueDeps, 'uow' | 'store' | 'log'> & { bus: EventBus; maxDeliver?: number }) =>
  userErasureModule('catalogue', deps, async (user, { manager }) => {
    const playback = await deletePlaybackOf(manager, user.userId);
    const entitlements = await deleteEntitlementsOf(manager, user.userId);
    const reviews = await deleteReviewsOf(manager, user.userId);
    const offlineLicences = await deleteOfflineOf(manager, user.userId);
    for (const key of playback.stampedKeys) await deps.store.delete('pdfs', key);
    const counts = { stampedCopies: playback.stampedKeys.length, watchProgress: playback.watchProgress, videoViews: playback.videoViews, lessonDataMonths: playback.lessonDataMonths, entitlements: entitlements.count, reviews, offlineLicences };
    return { counts, mentions: entitlements.emails };
  });
