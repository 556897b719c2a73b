import type { EntityManager } from 'typeorm';
import type { Logger } from '@lbf/service-kit';
import { refusal } from '../shared/errors';
import { PROMO_ERRORS } from '../shared/messages';
import { discountOn, normalizeCode, refusalOf, type Discount, type PromoRefusal } from './rules';
import { buyerUses, changeHeld, codeByText, holdUse, moveUse, reserveUse } from './store';

/** A code applied to a price: which code, and the discount. */
export interface AppliedPromo extends Discount {
  codeId: string;
  code: string;
}

export interface PromoRequest {
  typed: string;
  itemId: string;
  buyerId: string | null;
  orderId: string | null;
  price: { xaf: number; usdCents: number };
  xafPerUsd: number;
  now: Date;
}

const FIELD = { field: 'promoCode' } as const;

/**
 * Reserves one use of a code for the order's new attempt, in the checkout's transaction (which
 * holds the order's lock, then takes the code's: always in that order). The code's row is locked
 * (FOR UPDATE) so the buyer's own count cannot race either; the use is taken by a conditional
 * UPDATE (`held < max_uses`): two buyers racing for the last use, one wins, the other is refused on
 * the field. Refusals are thrown (the transaction rolls back; nothing is reserved).
 */
export async function reservePromo(manager: EntityManager, r: PromoRequest & { buyerId: string; orderId: string }): Promise<AppliedPromo> {
  const code = await codeByText(manager, normalizeCode(r.typed), true);
  const uses = code ? await buyerUses(manager, code.id, r.buyerId, r.orderId) : null;
  const refused = refusalOf(code, { itemId: r.itemId, now: r.now, buyerUses: uses });
  if (refused) throw refusal(refused.code, refused.message, FIELD);
  const discount = discountOn(code!, r.price, r.xafPerUsd);
  if (!(await holdUse(manager, code!.id))) throw refusal('PROMO_EXHAUSTED', PROMO_ERRORS.EXHAUSTED, FIELD);
  await reserveUse(manager, { orderId: r.orderId, codeId: code!.id, buyerId: r.buyerId, at: r.now });
  return { codeId: code!.id, code: code!.code, ...discount };
}

/** What a code would take off now (the dialog's preview; nothing reserved): the discount, or the refusal to show on the field. */
export async function previewPromo(manager: EntityManager, r: PromoRequest): Promise<{ applied: AppliedPromo } | { refused: PromoRefusal }> {
  const code = await codeByText(manager, normalizeCode(r.typed), false);
  const uses = code && r.buyerId ? await buyerUses(manager, code.id, r.buyerId, r.orderId) : null;
  const refused = refusalOf(code, { itemId: r.itemId, now: r.now, buyerUses: uses });
  if (refused) return { refused };
  return { applied: { codeId: code!.id, code: code!.code, ...discountOn(code!, r.price, r.xafPerUsd) } };
}

/** The order's attempt ended without money: its reserved use goes back to the code (in settle's transaction). */
export async function releasePromo(manager: EntityManager, orderId: string, at: Date): Promise<void> {
  const moved = await moveUse(manager, orderId, ['reserved'], 'released', at);
  if (moved) await changeHeld(manager, moved.codeId, -1);
}

/**
 * The order is paid (or granted): its use becomes final. A use released earlier (a late "paid"
 * after our expiry: the money was taken at the discounted price) is counted again, even past the
 * code's maximum, which is logged: the customer paid that price.
 */
export async function confirmPromo(manager: EntityManager, orderId: string, at: Date, log: Pick<Logger, 'warn'>): Promise<void> {
  const moved = await moveUse(manager, orderId, ['reserved', 'released'], 'used', at);
  if (moved?.was !== 'released') return;
  await changeHeld(manager, moved.codeId, 1);
  log.warn({ orderId, codeId: moved.codeId }, 'a promo use released at the attempt’s end was paid after all: counted again (may pass the code’s maximum)');
}
