import { afterCommit, type Tx } from '@lbf/service-kit';
import type { EventData } from '@lbf/proto-events';
import { dispatchMail, lockAddress, queueMail } from '../mail';
import type { MessagingDeps } from '../shared/deps';
import { isPlaceholderEmail, normaliseEmail, suppressionHash } from '../shared/email';
import { findUser } from '../users';
import { isSuppressed } from './store';
import { payerLabel } from './templates';

type Completed = EventData<'commerce.purchase.completed'>;

/** Queues a mail unless its address is suppressed (checked under the address's lock, as an erasure takes it). */
async function queueUnlessSuppressed(tx: Tx, to: string, queue: () => Promise<string | null>): Promise<string | null> {
  await lockAddress(tx.manager, to);
  if (await isSuppressed(tx.manager, suppressionHash(to))) return null;
  return queue();
}

/** The requester's address: the one messaging knows for them, else the event's (a placeholder waits: redelivered). */
async function requesterOf(tx: Tx, data: Completed): Promise<{ to: string; firstName: string | null }> {
  const user = await findUser(tx.manager, data.buyerId);
  const placeholder = isPlaceholderEmail(data.buyerEmail);
  if (placeholder && !user) throw new Error(`pay link paid for ${data.orderId}: requester ${data.buyerId} has no known address yet`);
  return { to: placeholder ? user!.email : normaliseEmail(data.buyerEmail), firstName: user?.firstName?.trim() || data.buyerName?.trim().split(/\s+/)[0] || null };
}

/**
 * commerce.purchase.completed of an order paid through a « Payer pour moi » link: the requester is
 * told who paid (`pay_link_paid`, instead of the purchase receipt), and the payer, when they gave
 * an address, gets the receipt (`pay_link_receipt`). One of each per order (dedupe key), none to a
 * suppressed payer's address, none to an erased account's (the mail module refuses those). Sent
 * once the consumer's transaction commits.
 */
export async function payLinkMails(deps: MessagingDeps, data: Completed, tx: Tx): Promise<void> {
  if (!data.payLink) return;
  const { payerName, payerEmail } = data.payLink;
  const requester = await requesterOf(tx, data);
  const ids: Array<string | null> = [];
  // The requester's one mail about this order (it stands for the purchase receipt they are not
  // sent): transactional like a receipt, so sent to an address unsubscribed from other mails too.
  ids.push(
    await queueMail(tx.manager, {
      purpose: 'pay_link_paid',
      dedupeKey: data.orderId,
      to: requester.to,
      subject: `${payerLabel(payerName)} a payé « ${data.itemTitle} » pour vous`,
      data: { firstName: requester.firstName, payerName, itemType: data.itemType, itemTitle: data.itemTitle, amountXaf: data.amountXaf, receiptNumber: data.receiptNumber, completedAt: data.completedAt },
    }),
  );
  if (payerEmail) {
    const to = normaliseEmail(payerEmail);
    ids.push(
      await queueUnlessSuppressed(tx, to, () =>
        queueMail(tx.manager, {
          purpose: 'pay_link_receipt',
          dedupeKey: data.orderId,
          to,
          subject: `Reçu ${data.receiptNumber}`,
          data: {
            requesterId: data.buyerId,
            requesterFirstName: requester.firstName,
            payerName,
            itemTitle: data.itemTitle,
            amountXaf: data.amountXaf,
            receiptNumber: data.receiptNumber,
            provider: data.provider,
            completedAt: data.completedAt,
          },
        }),
      ),
    );
  }
  const queued = ids.filter((id): id is string => id !== null);
  if (queued.length) await afterCommit(tx.manager, () => dispatchMail(deps, queued));
}
