import { defineModule } from '@lbf/service-kit';
import { idempotentConsumers } from '../shared/consumers';
import type { MessagingDeps } from '../shared/deps';
import type { MessagingJobs } from '../shared/jobs';
import { cancelOnRefund, cancelOnReview, remindReviews, scheduleOnPurchase } from './reminders';

/** Durable names, stored in NATS: never rename. */
export const REVIEW_REMINDER_CONSUMERS = {
  'commerce.purchase.completed': 'messaging-review-reminders',
  'commerce.purchase.refunded': 'messaging-review-reminders-refunds',
  'catalogue.review.submitted': 'messaging-review-submitted',
} as const;

export const REMIND_REVIEWS_SCHEDULE_ID = 'messaging-remind-reviews';

/**
 * Review reminders (issue 26 point 4): five days after a purchase (REVIEW_REMINDER_DELAY), one mail
 * inviting the buyer to review it, unless they did (catalogue.review.submitted: messaging cannot read
 * catalogue's reviews, so it keeps this much of them), the order was refunded, or the address is
 * suppressed. A row per order in Postgres and a repeated sweep, rather than a delayed job per order:
 * nothing to lose in Redis, and a changed delay applies to rows not yet due.
 */
export function reviewRemindersModule(deps: MessagingDeps) {
  return defineModule<MessagingJobs>({
    name: 'review-reminders',
    consumers: idempotentConsumers(deps, REVIEW_REMINDER_CONSUMERS, {
      'commerce.purchase.completed': ({ data }, tx) => scheduleOnPurchase(deps, tx.manager, data),
      'commerce.purchase.refunded': ({ data }, tx) => cancelOnRefund(deps, tx.manager, data),
      'catalogue.review.submitted': ({ data }, tx) => cancelOnReview(deps, tx.manager, data),
    }),
    jobHandlers: { 'remind-reviews': async () => remindReviews(deps) },
    jobSchedules: [{ id: REMIND_REVIEWS_SCHEDULE_ID, name: 'remind-reviews', repeat: { every: deps.config.reviewReminderSweepMs } }],
  });
}
