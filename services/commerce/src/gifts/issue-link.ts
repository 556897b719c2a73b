import type { Tx } from '@lbf/service-kit';
import { buyerOf } from '../feeds';
import type { Order } from '../entities';
import { linkTokenHash, newLinkToken } from '../shared/link-token';
import { firstNameOf } from './rules';
import { cancelUnclaimed, giftOfOrder, setGiftToken, type GiftRecord } from './store';

/**
 * A new claim link for a paid gift, in the caller's transaction: a fresh token (the previous link
 * stops working), its hash stored; for a recipient named by e-mail, commerce.gift.sent through the
 * outbox (messaging mails the link, gift_received). Returns the token, which is never stored.
 */
export async function issueGiftLink(tx: Tx, gift: GiftRecord, at: Date): Promise<string> {
  const token = newLinkToken();
  await setGiftToken(tx.manager, gift.id, linkTokenHash(token), at);
  if (gift.recipientEmail) {
    const buyer = await buyerOf(tx.manager, gift.buyerId);
    await tx.emit('commerce.gift.sent', {
      giftId: gift.id,
      orderId: gift.orderId,
      buyerId: gift.buyerId,
      buyerFirstName: firstNameOf(buyer?.firstName),
      recipientEmail: gift.recipientEmail,
      itemId: gift.itemId,
      itemType: gift.itemType,
      itemTitle: gift.itemTitle,
      message: gift.message,
      claimToken: token,
      sentAt: at.toISOString(),
    });
  }
  return token;
}

/** A gift order was just paid (settlement's completeOrder): the recipient named by e-mail gets the link; for a phone, the buyer asks for it. */
export async function onGiftPaid(tx: Tx, order: Pick<Order, 'id' | 'itemTitle'>, at: Date): Promise<void> {
  const gift = await giftOfOrder(tx.manager, order.id);
  if (gift?.recipientEmail) await issueGiftLink(tx, { ...gift, itemTitle: order.itemTitle }, at);
}

/** A gift order was refunded: unclaimed, its link is canceled (claimed, the claimer loses the item through commerce.purchase.refunded). */
export async function onGiftRefunded(tx: Tx, orderId: string, at: Date): Promise<boolean> {
  return cancelUnclaimed(tx.manager, orderId, at);
}
