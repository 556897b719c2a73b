import { defineModule } from '@lbf/service-kit';
import { idempotentConsumers } from '../shared/consumers';
import type { MessagingDeps } from '../shared/deps';
import type { MessagingJobs } from '../shared/jobs';
import { payLinkMails } from './send';

/** Durable names, stored in NATS: never rename. */
export const PAY_LINK_MAIL_CONSUMERS = {
  'commerce.purchase.completed': 'messaging-pay-link-mails',
} as const;

/**
 * « Payer pour moi » mails (issue 26 point 2): when an order is paid through a requester's link
 * (commerce.purchase.completed with `payLink`), the requester's notice and the payer's receipt.
 */
export function payLinkMailsModule(deps: MessagingDeps) {
  return defineModule<MessagingJobs>({
    name: 'pay-link-mails',
    consumers: idempotentConsumers(deps, PAY_LINK_MAIL_CONSUMERS, {
      'commerce.purchase.completed': ({ data }, tx) => payLinkMails(deps, data, tx),
    }),
  });
}
