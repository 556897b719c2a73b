import { ok, parseInput, type AuthUser, type Result } from '@lbf/service-kit';
import { z } from 'zod';
import type { CommerceDeps } from '../deps';
import { priceOf } from '../feeds';
import type { Amount, Order as OrderGql } from '../generated/graphql';
import { viewOf } from '../orders';
import { amountOf } from '../shared/money';
import { itemKind } from './rules';
import { openOrderOf } from './store';

export const itemArgs = z.object({ itemId: z.string().max(64), itemType: z.enum(['VIDEO', 'PDF']) });

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

/** My open order for this item (to resume a checkout), or null. */
export async function openOrder(deps: CommerceDeps, user: AuthUser, args: unknown): Promise<Result<OrderGql | null>> {
  const parsed = parseInput(itemArgs, args);
  if (!parsed.ok) return parsed;
  const { itemId, itemType } = parsed.value;
  if (!z.uuid().safeParse(itemId).success) return ok(null);
  const order = await openOrderOf(deps.ds.manager, user.userId, itemId, itemKind(itemType));
  return ok(order ? await viewOf(deps, order.id, user.roles.includes('admin')) : null);
}
