/** What the other rooms may use of reviews. */
export { reviewsModule } from './reviews.module';
export { removeRefundedReview } from './reviews';
export { deleteReviewsOf, deleteReviewsOfItem, summariesOf as ratingSummariesOf } from './store';
