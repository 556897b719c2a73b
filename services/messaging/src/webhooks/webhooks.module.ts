import { defineModule } from '@lbf/service-kit';
import { idempotentConsumers } from '../shared/consumers';
import type { MessagingDeps } from '../shared/deps';
import type { MessagingJobs } from '../shared/jobs';
import { deliverWebhookHandler } from './deliver';
import { fromSource } from './fan-out';
import { webhookResolvers } from './resolvers';
import { SWEEP_WEBHOOKS_SCHEDULE_ID, sweepWebhooks } from './sweep';

/** Durable names, stored in NATS: never rename. */
export const WEBHOOK_CONSUMERS = {
  'commerce.purchase.completed': 'messaging-webhooks-purchase-completed',
  'commerce.purchase.refunded': 'messaging-webhooks-purchase-refunded',
  'identity.user.registered': 'messaging-webhooks-user-registered',
  'catalogue.item.published': 'messaging-webhooks-item-published',
} as const;

/**
 * Webhooks (issue 24 point 5): administrators subscribe HTTPS URLs to events; each event becomes,
 * in its consumer's transaction (inbox), one delivery row per subscription, then one BullMQ job per
 * row (job id = delivery id): signed POST, 10 s, retried with exponential back-off (8 tries over
 * ~4 hours), every attempt logged; N failed deliveries in a row pause the subscription and mail
 * its administrator. contact.message_received is queued by contact/ in its own transaction.
 */
export function webhooksModule(deps: MessagingDeps) {
  return defineModule<MessagingJobs>({
    name: 'webhooks',
    resolvers: webhookResolvers(deps),
    consumers: idempotentConsumers(deps, WEBHOOK_CONSUMERS, {
      'commerce.purchase.completed': fromSource(deps, 'commerce.purchase.completed'),
      'commerce.purchase.refunded': fromSource(deps, 'commerce.purchase.refunded'),
      'identity.user.registered': fromSource(deps, 'identity.user.registered'),
      'catalogue.item.published': fromSource(deps, 'catalogue.item.published'),
    }),
    jobHandlers: {
      'deliver-webhook': deliverWebhookHandler(deps),
      'sweep-webhooks': async () => sweepWebhooks(deps),
    },
    jobSchedules: [{ id: SWEEP_WEBHOOKS_SCHEDULE_ID, name: 'sweep-webhooks', repeat: { every: deps.config.webhooks.sweepMs } }],
  });
}
