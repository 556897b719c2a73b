/**
 * The settlement module's door: `settle` (the one place an outcome is applied), asking a provider,
 * charging, the poller's and nudges' scheduling, the payment alerts, and the queue's job map.
 */
export { settle, completeOrder, type SettleInput, type SettleResult } from './settle';
export { askProvider, checkAttempt, MAX_CHARGE_RESENDS } from './attempts';
export { answerInput, errorExchange } from './answers';
export { chargeAttempt } from './charge';
export { nudgeAttempt, schedulePoll, NUDGE_DELAY_MS } from './poller';
export { chargeStartedAt, paymentDescription } from './rules';
export { raisePaymentAlert, clearPaymentAlert, paymentAlertId, type PaymentAlertReason } from './alerts';
export { recordExchange, findAttempt, lockAttempt, updateAttempt, updateOrder, type Exchange } from './store';
export { commerceJobHandlers } from './jobs';
export { COMMERCE_JOB_NAMES, type CommerceJobs } from './job-names';
