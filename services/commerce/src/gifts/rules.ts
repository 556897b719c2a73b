/** The longest message a buyer may write to the recipient. */
export const GIFT_MESSAGE_MAX = 300;

/** The page a claim link opens: the web's public route /cadeau/{token}. */
export function giftUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/cadeau/${token}`;
}

export type GiftStatus = 'UNPAID' | 'SENT' | 'CLAIMED' | 'CANCELED';

/** Where a gift stands: received, canceled (refunded before it was received), paid and waiting, or not paid yet. */
export function giftStatus(g: { claimedAt: Date | null; canceledAt: Date | null; orderStatus: string }): GiftStatus {
  if (g.claimedAt) return 'CLAIMED';
  if (g.canceledAt || g.orderStatus === 'refunded') return 'CANCELED';
  return g.orderStatus === 'completed' ? 'SENT' : 'UNPAID';
}

/** The first word of a name, or null. */
export function firstNameOf(name: string | null | undefined): string | null {
  return name?.trim().split(/\s+/)[0] || null;
}
