/** The webhooks module's door: its route and the log's limits. */
export { NOTIFY_PATH } from './routes';
export { WEBHOOK_BODY_KEPT, WEBHOOKS_KEPT_PER_ATTEMPT } from './rules';
export { receiveNotification, type WebhookOutcome } from './receive-notification';
