import type { EntityManager } from 'typeorm';
import { In } from 'typeorm';
import { failureMessage, METHOD_HINTS } from '../domain/messages';
import { Order, PaymentAttempt, ProviderExchange } from '../entities';
import type { Order as OrderGql, PaymentAttempt as AttemptGql, ProviderExchange as ExchangeGql } from '../generated/graphql';
import { METHOD_OF } from './providers';

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
    amount: { usdCents: o.amountUsdCents, xaf: o.amountXaf },
    status: o.status.toUpperCase() as OrderGql['status'],
    method: latest ? METHOD_OF[latest.provider] : null,
    attempt: current ? views[attempts.indexOf(current)]! : null,
    attempts: views,
    receiptNumber: o.receiptNumber,
    createdAt: iso(o.createdAt)!,
    updatedAt: iso(o.updatedAt)!,
    completedAt: iso(o.completedAt),
    adminAction:
      admin && o.adminActionKind
        ? { kind: o.adminActionKind === 'granted' ? 'GRANTED' : 'REFUNDED', reason: o.adminActionReason ?? '', adminId: o.adminActionAdminId ?? '', at: iso(o.adminActionAt)! }
        : null,
  };
}

/** Orders with their attempts (and exchanges for admins), in three statements whatever the count. */
export async function loadRecords(manager: EntityManager, orders: Order[], withExchanges: boolean): Promise<OrderRecord[]> {
  if (!orders.length) return [];
  const attempts = await manager.find(PaymentAttempt, { where: { orderId: In(orders.map((o) => o.id)) }, order: { number: 'ASC' } });
  const byOrder = new Map<string, PaymentAttempt[]>();
  for (const a of attempts) byOrder.set(a.orderId, [...(byOrder.get(a.orderId) ?? []), a]);
  let exchanges: Map<string, ProviderExchange[]> | undefined;
  if (withExchanges && attempts.length) {
    exchanges = new Map();
    const rows = await manager.find(ProviderExchange, { where: { attemptId: In(attempts.map((a) => a.id)) }, order: { id: 'ASC' } });
    for (const e of rows) exchanges.set(e.attemptId, [...(exchanges.get(e.attemptId) ?? []), e]);
  }
  return orders.map((order) => ({ order, attempts: byOrder.get(order.id) ?? [], exchanges }));
}

export async function loadRecord(manager: EntityManager, orderId: string, withExchanges: boolean): Promise<OrderRecord | null> {
  const order = await manager.findOne(Order, { where: { id: orderId } });
  if (!order) return null;
  return (await loadRecords(manager, [order], withExchanges))[0]!;
}
