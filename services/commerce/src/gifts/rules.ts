import { createHash, randomBytes } from 'node:crypto';

/** The longest message a buyer may write to the recipient. */
export const GIFT_MESSAGE_MAX = 300;

/** The claim link's secret: 32 random bytes, base64url (43 characters); only its hash is stored. */
export function newGiftToken(): string {
  return randomBytes(32).toString('base64url');
}

export function giftTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A token as newGiftToken writes it (anything else is unknown without asking the database). */
export function wellFormedGiftToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

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
