import { defineModule } from '@lbf/service-kit';
import type { CatalogueDeps } from '../shared/deps';
import { reviewResolvers } from './resolvers';

/**
 * Verified reviews (issue 26 point 4): buyers rate and review what they own, once and editable;
 * items show their visible reviews' average and count; administrators hide one with a reason. A
 * refund takes the review away through the entitlements consumer (`removeRefundedReview`), an
 * account's erasure through the erasure room (`deleteReviewsOf`).
 */
export const reviewsModule = (deps: CatalogueDeps) => defineModule({ name: 'reviews', resolvers: reviewResolvers(deps) });
