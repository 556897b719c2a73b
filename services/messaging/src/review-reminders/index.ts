/** What app.ts (and the erasure room) uses of the review reminders. */
export { reviewRemindersModule, REVIEW_REMINDER_CONSUMERS } from './review-reminders.module';
export { remindReviews } from './reminders';
export { reviewReminderMail } from './reminder-mail';
export { deleteRemindersOf } from './store';
