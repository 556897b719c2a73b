import { afterCommit, defineModule } from '@lbf/service-kit';
import type { EventData } from '@lbf/proto-events';
import type { Tx } from '@lbf/service-kit';
import { dispatchMail, queueMail } from '../mail';
import { idempotentConsumers } from '../shared/consumers';
import type { MessagingDeps } from '../shared/deps';
import { normaliseEmail } from '../shared/email';
import type { MessagingJobs } from '../shared/jobs';

/** Durable names, stored in NATS: never rename. */
export const GIFT_CONSUMERS = { 'commerce.gift.sent': 'messaging-gift-received' } as const;

/**
 * commerce.gift.sent: the claim link to the recipient named by e-mail (gift_received), once per
 * link (a « Renvoyer » is a new link, so a new event and a new mail).
 */
export async function mailGift(deps: MessagingDeps, eventId: string, data: EventData<'commerce.gift.sent'>, tx: Tx): Promise<void> {
  const id = await queueMail(tx.manager, {
    purpose: 'gift_received',
    dedupeKey: eventId,
    to: normaliseEmail(data.recipientEmail),
    subject: `${data.buyerFirstName ?? 'Quelqu’un'} vous offre « ${data.itemTitle} »`,
    data: { buyerFirstName: data.buyerFirstName, itemType: data.itemType, itemTitle: data.itemTitle, message: data.message, claimToken: data.claimToken },
  });
  if (id) await afterCommit(tx.manager, () => dispatchMail(deps, [id]));
}

/** « Offrir » (issue 26 point 3): the mail that carries a gift's claim link. */
export function giftsModule(deps: MessagingDeps) {
  return defineModule<MessagingJobs>({
    name: 'gifts',
    consumers: idempotentConsumers(deps, GIFT_CONSUMERS, {
      'commerce.gift.sent': ({ id, data }, tx) => mailGift(deps, id, data, tx),
    }),
  });
}
