/** What app.ts and the contact room use of webhooks. */
export { webhooksModule, WEBHOOK_CONSUMERS } from './webhooks.module';
export { queueWebhookEvent, type WebhookEvent } from './fan-out';
export { webhookPausedMail } from './paused-mail';
