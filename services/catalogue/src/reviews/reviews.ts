import { recordAdminAction, settle, validInput, type AdminActor, type Result } from '@lbf/service-kit';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { liveOrderOf, ownsItem, type EntitlementKey } from '../entitlements';
import { catalogueError, messages } from '../shared/errors';
import type { CatalogueDeps } from '../shared/deps';
import type { Page } from '../shared/pagination';
import type { Review } from './records';
import { decodeCursor, encodeCursor, hideInput, pageSize, reviewerDisplayName, reviewInput } from './rules';
import {
  adminReviewPage,
  deleteReviewOf,
  lockedReview,
  reviewOf,
  setHidden,
  upsertReview,
  visibleReviews,
  type AdminReviewQuery,
  type ReviewWithItem,
} from './store';

type Deps = Pick<CatalogueDeps, 'ds' | 'uow'>;

/**
 * A buyer's review (issue 26 point 4): only someone who owns the item (a live entitlement) writes
 * one; the first call writes it, the next ones edit it (one row per person and item, kept by the
 * database's unique key even when two calls cross). Shown under the first name and initial of the
 * name their order carries.
 */
export function reviewItem(deps: Deps, userId: string, input: unknown): Promise<Result<Review>> {
  return settle(async () => {
    const parsed = validInput(reviewInput, input);
    return deps.uow.run(async (tx) => {
      const order = await liveOrderOf(tx.manager, userId, parsed.itemId);
      if (!order) throw catalogueError('NOT_PURCHASED', messages.reviewNotPurchased, 'itemId');
      const review = await upsertReview(tx.manager, {
        id: randomUUID(),
        itemId: parsed.itemId,
        itemType: order.itemType,
        userId,
        reviewerName: reviewerDisplayName(order.buyerName),
        rating: parsed.rating,
        body: parsed.text,
        at: new Date(),
      });
      // Messaging stops reminding this buyer to review the item (ids only: the words stay here).
      await tx.emit('catalogue.review.submitted', {
        reviewId: review.id,
        userId,
        itemId: review.itemId,
        itemType: review.itemType,
        rating: review.rating,
        occurredAt: review.updatedAt.toISOString(),
      });
      return review;
    });
  });
}

export function myReview(deps: Deps, userId: string, itemId: string): Promise<Review | null> {
  return reviewOf(deps.ds.manager, userId, itemId);
}

export interface ReviewConnection {
  items: Review[];
  endCursor: string | null;
  hasNextPage: boolean;
}

/** An item's visible reviews, newest first, `first` at a time after the cursor `after`. */
export async function itemReviews(deps: Deps, itemId: string, first: number | null | undefined, after: string | null | undefined): Promise<ReviewConnection> {
  const size = pageSize(first);
  const rows = await visibleReviews(deps.ds.manager, itemId, decodeCursor(after), size + 1);
  const items = rows.slice(0, size);
  const last = items[items.length - 1];
  return { items, endCursor: last ? encodeCursor(last) : null, hasNextPage: rows.length > size };
}

export function adminReviews(deps: Deps, q: AdminReviewQuery): Promise<Page<ReviewWithItem>> {
  return adminReviewPage(deps.ds.manager, q);
}

const journalTarget = (r: Review) => ({ id: r.id, label: `${r.reviewerName} — ${r.rating}/5` });

/** An administrator hides a review from everyone but its author, saying why (journal: review.hidden). */
export function hideReview(deps: Deps, admin: AdminActor, args: { id: string; reason: string }): Promise<Result<Review>> {
  return settle(async () => {
    const parsed = validInput(hideInput, args);
    return deps.uow.run(async (tx) => {
      const found = await lockedReview(tx.manager, parsed.id);
      if (!found) throw catalogueError('REVIEW_NOT_FOUND', messages.reviewNotFound);
      const hidden = await setHidden(tx.manager, found.id, { at: new Date(), by: admin.userId, reason: parsed.reason });
      await recordAdminAction(tx, admin, 'review.hidden', journalTarget(found), { reason: parsed.reason, itemId: found.itemId, itemType: found.itemType });
      return hidden;
    });
  });
}

/** An administrator shows a hidden review again (journal: review.unhidden, with the reason it had). */
export function unhideReview(deps: Deps, admin: AdminActor, id: string): Promise<Result<Review>> {
  return settle(() =>
    deps.uow.run(async (tx) => {
      const found = await lockedReview(tx.manager, id);
      if (!found) throw catalogueError('REVIEW_NOT_FOUND', messages.reviewNotFound);
      const shown = await setHidden(tx.manager, found.id, null);
      await recordAdminAction(tx, admin, 'review.unhidden', journalTarget(found), { previousReason: found.hiddenReason, itemId: found.itemId, itemType: found.itemType });
      return shown;
    }),
  );
}

/**
 * A refund (commerce.purchase.refunded, in the entitlements consumer's transaction, after the
 * revocation): the buyer's review of the item goes, unless another live order still gives it them.
 */
export async function removeRefundedReview(manager: Pick<EntityManager, 'query'>, key: EntitlementKey): Promise<void> {
  if (await ownsItem(manager, key.userId, key.itemId)) return;
  await deleteReviewOf(manager, key.userId, key.itemId);
}
