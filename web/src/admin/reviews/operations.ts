import type * as G from '@/generated/graphql';

export type AdminReview = G.AdminReviewFieldsFragment;
export type AdminReviews = G.AdminReviewsPageQuery['adminReviews'];

export const REVIEWS_PAGE_SIZE = 20;

