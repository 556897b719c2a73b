import { siteTimezoneOf, toCsv, UserError, validArgs, validInput, type AuthUser } from '@lbf/service-kit';
import { In } from 'typeorm';
import { z } from 'zod';
import { ERRORS, METHOD_LABELS, OWN_REASONS } from '../domain/messages';
import { canGrant, canMarkRefunded } from '../domain/order-state';
import { Order, PaymentAttempt } from '../entities';
import type { CommerceStats, Order as OrderGql, OrderFilter, OrderPage } from '../generated/graphql';
import { clearPaymentAlert } from './admin-alerts';
import { checkAttempt } from './attempts';
import { viewOf } from './checkout';
import type { CommerceDeps } from './deps';
import { PROVIDER_OF } from './providers';
import { completeOrder, recordExchange } from './settle';
import { loadRecords, orderView } from './views';

export const orderFilter = z
  .object({
    status: z.enum(['CREATED', 'PENDING', 'COMPLETED', 'FAILED', 'EXPIRED', 'CANCELED', 'REFUNDED']).nullish(),
    method: z.enum(['ORANGE', 'MTN', 'NOTCHPAY']).nullish(),
    from: z.iso.date({ message: 'Date invalide.' }).nullish(),
    to: z.iso.date({ message: 'Date invalide.' }).nullish(),
    search: z.string().trim().max(200).nullish(),
  })
  .nullish();

/** WHERE clause and parameters of a filter; the method is the latest attempt's; from/to are days of the site's time zone. */
function filterSql(filter: z.infer<typeof orderFilter>, siteTimezone: string): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const where: string[] = [];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (filter?.status) add((p) => `o.status = ${p}`, filter.status.toLowerCase());
  if (filter?.method)
    add((p) => `(SELECT a.provider FROM payment_attempts a WHERE a.order_id = o.id ORDER BY a.number DESC LIMIT 1) = ${p}`, PROVIDER_OF[filter.method]);
  if (filter?.from || filter?.to) params.push(siteTimezone);
  const zone = `$${params.length}::text`;
  if (filter?.from) add((p) => `o.created_at >= (${p}::date)::timestamp AT TIME ZONE ${zone}`, filter.from);
  if (filter?.to) add((p) => `o.created_at < ((${p}::date + 1)::timestamp AT TIME ZONE ${zone})`, filter.to);
  if (filter?.search) {
    const like = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    add(
      (p) => `(o.buyer_email ILIKE ${p} OR o.receipt_number ILIKE ${p} OR o.id::text ILIKE ${p} OR o.item_title ILIKE ${p}
        OR EXISTS (SELECT 1 FROM payment_attempts a WHERE a.order_id = o.id
          AND (a.phone ILIKE ${p} OR a.operator_transaction_id ILIKE ${p} OR a.reference ILIKE ${p} OR a.provider_reference ILIKE ${p})))`,
      like,
    );
  }
  return { where: where.length ? `WHERE ${where.join(' AND ')}` : '', params };
}

async function ordersWhere(deps: CommerceDeps, filter: z.infer<typeof orderFilter>, limit: number | null, offset: number): Promise<{ orders: Order[]; total: number }> {
  const { where, params } = filterSql(filter, siteTimezoneOf(deps.config));
  const [{ total }] = (await deps.ds.manager.query(`SELECT count(*)::int AS total FROM orders o ${where}`, params)) as Array<{ total: number }>;
  const ids = (await deps.ds.manager.query(
    `SELECT o.id FROM orders o ${where} ORDER BY o.created_at DESC, o.id ${limit === null ? '' : `LIMIT ${limit} OFFSET ${offset}`}`,
    params,
  )) as Array<{ id: string }>;
  const orders = ids.length ? await deps.ds.manager.find(Order, { where: { id: In(ids.map((r) => r.id)) } }) : [];
  const rank = new Map(ids.map((r, i) => [r.id, i]));
  orders.sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
  return { orders, total };
}

export async function adminOrders(deps: CommerceDeps, filter: OrderFilter | null | undefined, page: number, pageSize: number): Promise<OrderPage> {
  const size = Math.min(Math.max(pageSize, 1), 100);
  const current = Math.max(page, 1);
  const { orders, total } = await ordersWhere(deps, validArgs(orderFilter, filter), size, (current - 1) * size);
  const records = await loadRecords(deps.ds.manager, orders, true);
  return { items: records.map((r) => orderView(r, true)), total, page: current, pageSize: size, totalPages: Math.max(1, Math.ceil(total / size)) };
}

export async function adminUserOrders(deps: CommerceDeps, userId: string): Promise<OrderGql[]> {
  if (!z.uuid().safeParse(userId).success) return [];
  const orders = await deps.ds.manager.find(Order, { where: { buyerId: userId }, order: { createdAt: 'DESC' } });
  return (await loadRecords(deps.ds.manager, orders, true)).map((r) => orderView(r, true));
}

export async function commerceStats(deps: CommerceDeps): Promise<CommerceStats> {
  const [row] = (await deps.ds.manager.query(`SELECT
      COALESCE(SUM(amount_usd_cents) FILTER (WHERE status = 'completed'), 0)::int AS usd,
      COALESCE(SUM(amount_xaf) FILTER (WHERE status = 'completed'), 0)::int AS xaf,
      count(*) FILTER (WHERE status = 'completed')::int AS sales,
      count(*) FILTER (WHERE status = 'pending')::int AS pending,
      count(DISTINCT buyer_id) FILTER (WHERE status = 'completed')::int AS buyers
    FROM orders`)) as Array<{ usd: number; xaf: number; sales: number; pending: number; buyers: number }>;
  return { revenue: { usdCents: row!.usd, xaf: row!.xaf }, salesCount: row!.sales, pendingCount: row!.pending, buyerCount: row!.buyers };
}

const STATUS_FR: Record<string, string> = {
  created: 'Créée',
  pending: 'En attente',
  completed: 'Complété',
  failed: 'Échoué',
  expired: 'Expiré',
  canceled: 'Annulé',
  refunded: 'Remboursé',
};

/** Orders as CSV through the kit's writer (the French spreadsheet format, dates in the site's time zone), amounts in whole FCFA. */
export async function exportOrdersCsv(deps: CommerceDeps, filter: OrderFilter | null | undefined): Promise<string> {
  const { orders } = await ordersWhere(deps, validArgs(orderFilter, filter), null, 0);
  const records = await loadRecords(deps.ds.manager, orders, false);
  const rows = records.map(({ order: o, attempts }) => {
    const last = attempts[attempts.length - 1];
    const paid = attempts.find((a) => a.status === 'completed');
    return [
      o.createdAt,
      o.id,
      o.receiptNumber ?? '',
      o.buyerEmail,
      o.itemType === 'video' ? 'Vidéo' : 'PDF',
      o.itemTitle,
      o.amountXaf,
      last ? METHOD_LABELS[last.provider] : o.adminActionKind === 'granted' ? 'Accordé' : '',
      STATUS_FR[o.status] ?? o.status,
      (paid ?? last)?.operatorTransactionId ?? '',
      o.completedAt,
    ];
  });
  return toCsv(['Date', 'Commande', 'Reçu', 'Client', 'Type', 'Contenu', 'Montant (FCFA)', 'Méthode', 'Statut', 'Transaction opérateur', 'Payé le'], rows, {
    timeZone: siteTimezoneOf(deps.config),
  });
}

/** Asks the provider again about the latest attempt (even a finished one: a late "paid" completes the order). */
export async function adminRecheckOrder(deps: CommerceDeps, orderId: string): Promise<OrderGql> {
  const latest = await deps.ds.manager.findOne(PaymentAttempt, { where: { orderId }, order: { number: 'DESC' } });
  if (!latest) {
    if (!(await deps.ds.manager.findOne(Order, { where: { id: orderId } }))) throw new UserError('ORDER_NOT_FOUND', ERRORS.ORDER_NOT_FOUND, { field: 'orderId' });
  } else {
    await checkAttempt(deps, latest.id, { expireWhenPast: latest.status === 'pending', adminRecheck: true });
  }
  return (await viewOf(deps, orderId, true))!;
}

export const reasonInput = z.object({
  orderId: z.uuid({ message: ERRORS.ORDER_NOT_FOUND }),
  reason: z.string().trim().min(1, { message: ERRORS.REASON_REQUIRED }).max(500),
});

async function lockedOrder(manager: import('typeorm').EntityManager, orderId: string): Promise<Order> {
  const order = await manager.getRepository(Order).createQueryBuilder('o').setLock('pessimistic_write').where('o.id = :id', { id: orderId }).getOne();
  if (!order) throw new UserError('ORDER_NOT_FOUND', ERRORS.ORDER_NOT_FOUND, { field: 'orderId' });
  return order;
}

/** Completes an order without a provider payment: receipt, purchase.completed (provider `manual`), reason and admin recorded. */
export async function adminGrantOrder(deps: CommerceDeps, admin: AuthUser, raw: z.infer<typeof reasonInput>): Promise<OrderGql> {
  const input = validInput(reasonInput, raw);
  await deps.uow.run(async (tx) => {
    const order = await lockedOrder(tx.manager, input.orderId);
    if (!canGrant(order.status)) throw new UserError('CANNOT_GRANT', ERRORS.CANNOT_GRANT);
    const now = deps.now();
    const live = await tx.manager.findOne(PaymentAttempt, { where: { orderId: order.id, status: 'pending' } });
    if (live) {
      await tx.manager.update(PaymentAttempt, { id: live.id }, { status: 'canceled', failureCode: OWN_REASONS.supersededByGrant, settledAt: now });
      await recordExchange(tx.manager, live.id, { kind: 'admin-grant', httpStatus: null, body: { adminId: admin.userId } }, now);
    }
    await tx.manager.update(Order, { id: order.id }, { adminActionKind: 'granted', adminActionReason: input.reason, adminActionAdminId: admin.userId, adminActionAt: now });
    await completeOrder(tx, order, { provider: 'manual', operatorTransactionId: null, at: now });
  });
  deps.log.info({ orderId: input.orderId, adminId: admin.userId }, 'order granted by an administrator');
  await deps.updates.publish(input.orderId);
  return (await viewOf(deps, input.orderId, true))!;
}

/** Marks a completed order refunded (access removed through commerce.purchase.refunded). */
export async function adminMarkRefunded(deps: CommerceDeps, admin: AuthUser, raw: z.infer<typeof reasonInput>): Promise<OrderGql> {
  const input = validInput(reasonInput, raw);
  await deps.uow.run(async (tx) => {
    const order = await lockedOrder(tx.manager, input.orderId);
    if (!canMarkRefunded(order.status)) throw new UserError('CANNOT_REFUND', ERRORS.CANNOT_REFUND);
    const now = deps.now();
    await tx.manager.update(Order, { id: order.id }, {
      status: 'refunded',
      adminActionKind: 'refunded',
      adminActionReason: input.reason,
      adminActionAdminId: admin.userId,
      adminActionAt: now,
      updatedAt: now,
    });
    await tx.emit('commerce.purchase.refunded', {
      orderId: order.id,
      buyerId: order.buyerId,
      itemId: order.itemId,
      itemType: order.itemType,
      amountXaf: order.amountXaf,
      reason: input.reason,
      adminId: admin.userId,
      refundedAt: now.toISOString(),
    });
    await clearPaymentAlert(tx, order.id, now);
  });
  deps.log.info({ orderId: input.orderId, adminId: admin.userId }, 'order marked refunded by an administrator');
  await deps.updates.publish(input.orderId);
  return (await viewOf(deps, input.orderId, true))!;
}
