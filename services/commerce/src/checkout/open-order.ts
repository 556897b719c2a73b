import { ok, parseInput, type AuthUser, type Result } from '@lbf/service-kit';
import { z } from 'zod';
import type { CommerceDeps } from '../deps';
import { priceOf } from '../feeds';
import type { Amount, CheckoutQuote, Order as OrderGql } from '../generated/graphql';
import { orderPromoView, previewPromo, triesKey, withinPromoTries } from '../promo';
import { refusal } from '../shared/errors';
import { viewOf } from '../orders';
import { amountOf } from '../shared/money';
import { itemKind, itemTypeInput } from './rules';
import { openOrderOf } from './store';

export const itemArgs = z.object({ itemId: z.string().max(64), itemType: itemTypeInput });

/** What the item costs now (price list), in both currencies; null when it is not for sale. */
export async function quote(deps: CommerceDeps, args: unknown): Promise<Result<Amount | null>> {
  const parsed = parseInput(itemArgs, args);
  if (!parsed.ok) return parsed;
  const { itemId, itemType } = parsed.value;
  if (!z.uuid().safeParse(itemId).success) return ok(null);
  const price = await priceOf(deps.ds.manager, itemId);
  if (!price || !price.forSale || price.itemType !== itemKind(itemType)) return ok(null);
  return ok(amountOf(price.priceUsdCents, deps.config.usdXafRate));
}

const quoteArgs = itemArgs.extend({ promoCode: z.string().max(64).nullish() });

/**
 * The dialog's price before paying: the price list's, and with the typed code (checked as the
 * checkout will check it, for this buyer's cap when signed in; nothing reserved). The charge is
 * computed again by startCheckout, under the code's lock.
 */
export async function checkoutQuote(deps: CommerceDeps, user: AuthUser | null, ip: string | null, args: unknown): Promise<Result<CheckoutQuote | null>> {
  const parsed = parseInput(quoteArgs, args);
  if (!parsed.ok) return parsed;
  const { itemId, itemType } = parsed.value;
  const typed = parsed.value.promoCode?.trim();
  const listed = await quote(deps, { itemId, itemType });
  if (!listed.ok || !listed.value) return listed.ok ? ok(null) : listed;
  const price = listed.value;
  if (!typed) return ok({ price, promo: null, total: price, error: null });
  const previewed = await withinPromoTries(
    deps,
    triesKey(user?.userId ?? null, ip),
    async () => ok(await previewCode(deps, user, { itemId, itemType, typed, price })),
    (r) => r.ok && r.value.error?.code === 'PROMO_INVALID',
  );
  return previewed.ok ? previewed : ok({ price, promo: null, total: price, error: previewed.error });
}

async function previewCode(deps: CommerceDeps, user: AuthUser | null, q: { itemId: string; itemType: z.infer<typeof itemTypeInput>; typed: string; price: Amount }): Promise<CheckoutQuote> {
  const { price } = q;
  const open = user ? await openOrderOf(deps.ds.manager, user.userId, q.itemId, itemKind(q.itemType)) : null;
  const preview = await previewPromo(deps.ds.manager, { typed: q.typed, itemId: q.itemId, buyerId: user?.userId ?? null, orderId: open?.id ?? null, price, xafPerUsd: deps.config.usdXafRate, now: deps.now() });
  if ('refused' in preview) return { price, promo: null, total: price, error: refusal(preview.refused.code, preview.refused.message, { field: 'promoCode' }) };
  const promo = orderPromoView(preview.applied.code, preview.applied);
  return { price, promo, total: promo.total, error: null };
}

/** My open order for this item (to resume a checkout), or null. */
export async function openOrder(deps: CommerceDeps, user: AuthUser, args: unknown): Promise<Result<OrderGql | null>> {
  const parsed = parseInput(itemArgs, args);
  if (!parsed.ok) return parsed;
  const { itemId, itemType } = parsed.value;
  if (!z.uuid().safeParse(itemId).success) return ok(null);
  const order = await openOrderOf(deps.ds.manager, user.userId, itemId, itemKind(itemType));
  return ok(order ? await viewOf(deps, order.id, user.roles.includes('admin')) : null);
}
