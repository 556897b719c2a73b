import { adminOnly, isAdmin, requireUser, toPayload, type BaseContext } from '@lbf/service-kit';
import type { MutationResolvers, PdfResolvers, QueryResolvers, ReviewItemType, ReviewResolvers, VideoResolvers } from '../generated/graphql';
import type { CatalogueDeps } from '../shared/deps';
import { iso } from '../shared/iso';
import { createRatings } from './ratings';
import type { Review } from './records';
import { adminReviews, hideReview, itemReviews, myReview, reviewItem, unhideReview } from './reviews';

const ITEM_TYPES: Record<Review['itemType'], ReviewItemType> = { video: 'VIDEO', pdf: 'PDF' };
const fromItemType = (t: ReviewItemType | null | undefined) => (t === 'VIDEO' ? 'video' : t === 'PDF' ? 'pdf' : null);

/** Who may read why a review was hidden: administrators and its author. */
const seesModeration = (r: Review, ctx: BaseContext) => isAdmin(ctx) || ctx.auth?.userId === r.userId;

function reviewFields(): ReviewResolvers {
  return {
    itemType: (r) => ITEM_TYPES[r.itemType],
    text: (r) => r.body,
    createdAt: (r) => iso(r.createdAt),
    updatedAt: (r) => iso(r.updatedAt),
    edited: (r) => r.updatedAt.getTime() !== r.createdAt.getTime(),
    hidden: (r) => r.hiddenAt !== null,
    hiddenReason: (r, _, ctx) => (seesModeration(r, ctx) ? r.hiddenReason : null),
    hiddenAt: (r, _, ctx) => (seesModeration(r, ctx) ? iso(r.hiddenAt) : null),
    itemTitle: (r, _, ctx) => (isAdmin(ctx) && 'itemTitle' in r ? ((r as { itemTitle: string | null }).itemTitle ?? null) : null),
  };
}

/** Reviews: the buyer's own (reviewItem, myReview), an item's visible ones and figures, and the back office's list and moderation. */
export function reviewResolvers(deps: CatalogueDeps): {
  Query: QueryResolvers;
  Mutation: MutationResolvers;
  Review: ReviewResolvers;
  Video: VideoResolvers;
  Pdf: PdfResolvers;
} {
  const ratings = createRatings(deps);
  const figures = {
    ratingAverage: async (i: { id: string }, _: unknown, ctx: BaseContext) => (await ratings(ctx, i.id)).average,
    ratingCount: async (i: { id: string }, _: unknown, ctx: BaseContext) => (await ratings(ctx, i.id)).count,
    reviews: (i: { id: string }, a: { first?: number | null; after?: string | null }) => itemReviews(deps, i.id, a.first, a.after),
  };
  return {
    Query: {
      myReview: (_, a, ctx) => myReview(deps, requireUser(ctx).userId, a.itemId),
      adminReviews: adminOnly((a) => adminReviews(deps, { ...a.filter, itemType: fromItemType(a.filter?.itemType), page: a.page, pageSize: a.pageSize })),
    },
    Mutation: {
      reviewItem: async (_, a, ctx) => toPayload('review', await reviewItem(deps, requireUser(ctx).userId, a.input)),
      hideReview: adminOnly(async (a, _ctx, admin) => toPayload('review', await hideReview(deps, admin, a))),
      unhideReview: adminOnly(async (a, _ctx, admin) => toPayload('review', await unhideReview(deps, admin, a.id))),
    },
    Review: reviewFields(),
    Video: figures,
    // The guides' `rating` (a column no one wrote) is now their reviews' average.
    Pdf: { ...figures, rating: figures.ratingAverage },
  };
}
