/**
 * The settlement module's door: `settle` (the one place an outcome is applied) and `completeOrder`,
 * asking a provider and checking an attempt, charging, the poller's and nudges' scheduling, the
 * payment alerts, the provider log, and the queue's job map.
 */
export { settle, completeOrder, type SettleInput, type SettleResult } from './settle';
export { askProvider, checkAttempt } from './attempts';
export { answerInput } from './answers';
export { chargeAttempt } from './charge';
export { nudgeAttempt, schedulePoll } from './poller';
export { chargeStartedAt } from './rules';
export { raisePaymentAlert, clearPaymentAlert, type PaymentAlertReason } from './alerts';
export { recordExchange, type Exchange } from './store';
export { commerceJobHandlers } from './jobs';
export { COMMERCE_JOB_NAMES, type CommerceJobs } from './job-names';
