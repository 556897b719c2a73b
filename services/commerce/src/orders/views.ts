import type { Order, PaymentAttempt, ProviderExchange } from '../entities';
import type { Order as OrderGql, PaymentAttempt as AttemptGql, ProviderExchange as ExchangeGql } from '../generated/graphql';
import { METHOD_OF } from '../providers';
import { failureMessage, METHOD_HINTS } from '../shared/messages';
import { orderPromoView } from '../promo';

/** An order with its attempts (oldest first) and, for administrators, each attempt's provider log. */
export interface OrderRecord {
  order: Order;
  attempts: PaymentAttempt[];
  exchanges?: Map<string, ProviderExchange[]>;
}

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

export function attemptView(a: PaymentAttempt, exchanges: ProviderExchange[] | null): AttemptGql {
  const ended = a.status === 'failed' || a.status === 'expired' || a.status === 'canceled';
  return {
    id: a.id,
    method: METHOD_OF[a.provider],
    status: a.status.toUpperCase() as AttemptGql['status'],
    reference: a.reference,
    providerReference: a.providerReference,
    phone: a.phone,
    operatorTransactionId: a.operatorTransactionId,
    failureCode: ended ? a.failureCode : null,
    failureMessage: ended ? failureMessage(a.status as 'failed' | 'expired' | 'canceled', a.failureCode) : null,
    authorizationUrl: a.authorizationUrl,
    hint: METHOD_HINTS[a.provider],
    expiresAt: iso(a.expiresAt)!,
    createdAt: iso(a.createdAt)!,
    settledAt: iso(a.settledAt),
    providerLog: exchanges
      ? exchanges.map(
          (e): ExchangeGql => ({ at: iso(e.at)!, kind: e.kind, httpStatus: e.httpStatus, body: e.body === null || e.body === undefined ? null : JSON.stringify(e.body) }),
        )
      : null,
  };
}

/** The GraphQL Order; `admin` adds the provider log and the admin action. */
export function orderView(record: OrderRecord, admin: boolean): OrderGql {
  const { order: o, attempts } = record;
  const live = attempts.find((a) => a.status === 'pending') ?? null;
  const latest = attempts.length ? attempts[attempts.length - 1]! : null;
  const views = attempts.map((a) => attemptView(a, admin ? (record.exchanges?.get(a.id) ?? []) : null));
  const current = live ?? latest;
  return {
    id: o.id,
    itemId: o.itemId,
    itemType: o.itemType === 'video' ? 'VIDEO' : 'PDF',
    itemTitle: o.itemTitle,
    video: o.itemType === 'video' ? { id: o.itemId } : null,
    pdf: o.itemType === 'pdf' ? { id: o.itemId } : null,
    buyerId: o.buyerId,
    buyerEmail: o.buyerEmail,
    // Looked up by the Order.buyerName resolver only when asked (the receipt): no list pays for it.
    buyerName: null,
    // Looked up by the Order.gift resolver (gifts/) only when asked.
    gift: null,
    amount: { usdCents: o.amountUsdCents, xaf: o.amountXaf },
    status: o.status.toUpperCase() as OrderGql['status'],
    method: latest ? METHOD_OF[latest.provider] : null,
    attempt: current ? views[attempts.indexOf(current)]! : null,
    attempts: views,
    receiptNumber: o.receiptNumber,
    createdAt: iso(o.createdAt)!,
    updatedAt: iso(o.updatedAt)!,
    completedAt: iso(o.completedAt),
    promo: o.promoCode
      ? orderPromoView(o.promoCode, { discountXaf: o.discountXaf, discountUsdCents: o.discountUsdCents, totalXaf: o.amountXaf, totalUsdCents: o.amountUsdCents })
      : null,
    adminAction:
      admin && o.adminActionKind
        ? { kind: o.adminActionKind === 'granted' ? 'GRANTED' : 'REFUNDED', reason: o.adminActionReason ?? '', adminId: o.adminActionAdminId ?? '', at: iso(o.adminActionAt)! }
        : null,
  };
}
