import type { Amount, OrderPromo, PromoCode as PromoCodeGql, PromoItem } from '../generated/graphql';
import type { PromoCode } from '../entities';
import type { CodeFigures } from './store';
import type { Discount } from './rules';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type Item = { itemId: string; itemType: 'video' | 'pdf'; title: string };

export const itemView = (i: Item): PromoItem => ({ id: i.itemId, itemType: i.itemType === 'video' ? 'VIDEO' : 'PDF', title: i.title });

/** A code for administrators, its items named from the price list (an item no longer listed keeps its id as its title). */
export function promoCodeView(code: PromoCode, figures: CodeFigures, items: Map<string, Item>): PromoCodeGql {
  return {
    id: code.id,
    code: code.code,
    kind: code.kind === 'percent' ? 'PERCENT' : 'AMOUNT',
    percent: code.percent,
    amountXaf: code.amountXaf,
    items: (code.itemIds ?? []).map((id) => itemView(items.get(id) ?? { itemId: id, itemType: 'video', title: id })),
    startsAt: iso(code.startsAt),
    endsAt: iso(code.endsAt),
    maxUses: code.maxUses,
    perCustomerMax: code.perCustomerMax,
    active: code.active,
    usedCount: figures.used,
    reservedCount: figures.reserved,
    revenue: { xaf: figures.revenueXaf, usdCents: figures.revenueUsdCents },
    discountTotal: { xaf: figures.discountXaf, usdCents: figures.discountUsdCents },
    createdAt: iso(code.createdAt)!,
    updatedAt: iso(code.updatedAt)!,
  };
}

/** A code on an order or a quote: list price, discount, total. */
export function orderPromoView(code: string, d: Discount): OrderPromo {
  const amount = (xaf: number, usdCents: number): Amount => ({ xaf, usdCents });
  return {
    code,
    listPrice: amount(d.totalXaf + d.discountXaf, d.totalUsdCents + d.discountUsdCents),
    discount: amount(d.discountXaf, d.discountUsdCents),
    total: amount(d.totalXaf, d.totalUsdCents),
  };
}
