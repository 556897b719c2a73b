import { formatXaf } from '../shared/money';

/** How long a « Payer pour moi » link can be paid. */
export const PAY_LINK_DAYS = 7;
export const PAY_LINK_MS = PAY_LINK_DAYS * 24 * 3600_000;

export type LinkStatus = 'OPEN' | 'PENDING' | 'PAID' | 'EXPIRED' | 'OWNED';

/** Where a link stands: paid through it first, then a payment under way, the requester owning it, past its days. */
export function linkStatus(s: { paid: boolean; live: boolean; owned: boolean; expiresAt: Date; now: Date }): LinkStatus {
  if (s.paid) return 'PAID';
  if (s.live) return 'PENDING';
  if (s.owned) return 'OWNED';
  if (s.expiresAt.getTime() <= s.now.getTime()) return 'EXPIRED';
  return 'OPEN';
}

export const SMS_LENGTH = 160;

/**
 * The payer's receipt, SMS-sized: amount, item, for whom, receipt number. The title is shortened
 * (with …) so that the whole text fits in 160 characters.
 */
export function receiptText(r: { xaf: number; title: string; firstName: string | null; receiptNumber: string }): string {
  const build = (title: string) =>
    `LBF : ${formatXaf(r.xaf)} payés pour « ${title} »${r.firstName ? ` (pour ${r.firstName})` : ''}. Reçu ${r.receiptNumber}. Merci !`;
  const full = build(r.title);
  if (full.length <= SMS_LENGTH) return full;
  const room = Math.max(1, r.title.length - (full.length - SMS_LENGTH) - 1);
  return build(`${r.title.slice(0, room).trimEnd()}…`);
}

/**
 * The nudge (on the orders' live channel, OrderUpdates) that a requester's link was paid: settlement
 * publishes it once the order's completion has committed, and the requester's live stream reloads.
 */
export function payLinkNudgeKey(requesterId: string): string {
  return `pay-link-paid:${requesterId}`;
}
