import type { Gift as GiftGql, GiftLink as GiftLinkGql } from '../generated/graphql';
import { giftStatus } from './rules';
import type { GiftRecord } from './store';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const itemTypeOf = (g: GiftRecord): 'VIDEO' | 'PDF' => (g.itemType === 'video' ? 'VIDEO' : 'PDF');

/** A gift as its buyer and administrators see it. */
export function giftView(g: GiftRecord): GiftGql {
  return {
    id: g.id,
    orderId: g.orderId,
    itemId: g.itemId,
    itemType: itemTypeOf(g),
    itemTitle: g.itemTitle,
    recipientEmail: g.recipientEmail,
    recipientPhone: g.recipientPhone,
    message: g.message,
    status: giftStatus({ claimedAt: g.claimedAt, canceledAt: g.canceledAt, orderStatus: g.orderStatus }),
    claimedAt: iso(g.claimedAt),
    linkIssuedAt: iso(g.linkIssuedAt),
    receiptNumber: g.receiptNumber,
  };
}

/** A claim link as whoever holds it sees it: the item, the buyer's first name, the message; never the recipient. */
export function giftLinkView(g: GiftRecord, buyerFirstName: string | null, viewerId: string | null): GiftLinkGql {
  return {
    itemId: g.itemId,
    itemType: itemTypeOf(g),
    itemTitle: g.itemTitle,
    buyerFirstName,
    message: g.message,
    status: giftStatus({ claimedAt: g.claimedAt, canceledAt: g.canceledAt, orderStatus: g.orderStatus }),
    claimedByMe: !!viewerId && g.claimedBy === viewerId,
  };
}
