import { requireUser, type BaseContext } from '@lbf/service-kit';
import DataLoader from 'dataloader';
import { GraphQLError } from 'graphql';
import type { DataSource } from 'typeorm';
import type { Order as OrderEntity, PaymentAttempt } from '../entities';
import type { Amount, Order as OrderGql } from '../generated/graphql';
import { orderView } from './views';

/** The User entity as commerce resolves it (identity owns it): only its id. */
export interface UserRef {
  id: string;
}

/** What the users table shows: number and sum of completed orders. */
export interface PurchaseTotals {
  purchaseCount: number;
  totalSpent: Amount;
}

type Row = Record<string, unknown> & { attempts: Array<Record<string, unknown>> };

const date = (v: unknown) => (v ? new Date(v as string) : null);

function toOrder(r: Record<string, unknown>): OrderEntity {
  return {
    id: r.id,
    buyerId: r.buyer_id,
    buyerEmail: r.buyer_email,
    itemId: r.item_id,
    itemType: r.item_type,
    itemTitle: r.item_title,
    amountUsdCents: r.amount_usd_cents,
    amountXaf: r.amount_xaf,
    status: r.status,
    receiptNumber: r.receipt_number,
    completedAt: date(r.completed_at),
    adminActionKind: r.admin_action_kind,
    adminActionReason: r.admin_action_reason,
    adminActionAdminId: r.admin_action_admin_id,
    adminActionAt: date(r.admin_action_at),
    createdAt: date(r.created_at),
    updatedAt: date(r.updated_at),
  } as OrderEntity;
}

function toAttempt(r: Record<string, unknown>): PaymentAttempt {
  return {
    id: r.id,
    orderId: r.order_id,
    number: r.number,
    provider: r.provider,
    reference: r.reference,
    providerReference: r.provider_reference,
    phone: r.phone,
    status: r.status,
    operatorTransactionId: r.operator_transaction_id,
    failureCode: r.failure_code,
    authorizationUrl: r.authorization_url,
    expiresAt: date(r.expires_at),
    pollRound: r.poll_round,
    lastCheckedAt: date(r.last_checked_at),
    createdAt: date(r.created_at),
    settledAt: date(r.settled_at),
  } as PaymentAttempt;
}

/**
 * Every user's orders with their attempts, newest first, in ONE SQL statement for a whole
 * `_entities` batch (only when `purchases` is asked: the purchase history).
 */
export async function loadUserOrders(ds: DataSource, userIds: readonly string[]): Promise<Map<string, OrderGql[]>> {
  const rows = (await ds.query(
    `SELECT o.*, COALESCE(json_agg(a ORDER BY a.number) FILTER (WHERE a.id IS NOT NULL), '[]') AS attempts
       FROM orders o LEFT JOIN payment_attempts a ON a.order_id = o.id
      WHERE o.buyer_id = ANY($1::uuid[])
      GROUP BY o.id
      ORDER BY o.created_at DESC, o.id`,
    [userIds],
  )) as Row[];
  const result = new Map<string, OrderGql[]>(userIds.map((id) => [id, []]));
  for (const row of rows) {
    const order = toOrder(row);
    result.get(order.buyerId)?.push(orderView({ order, attempts: row.attempts.map(toAttempt) }, false));
  }
  return result;
}

/**
 * Completed orders counted and summed per buyer, in ONE light aggregate statement for a whole
 * `_entities` batch (the admin users table asks for 25 users' count and total at once).
 */
export async function loadPurchaseTotals(ds: DataSource, userIds: readonly string[]): Promise<Map<string, PurchaseTotals>> {
  const rows = (await ds.query(
    `SELECT buyer_id, count(*) AS n, COALESCE(SUM(amount_usd_cents), 0) AS usd, COALESCE(SUM(amount_xaf), 0) AS xaf
       FROM orders WHERE buyer_id = ANY($1::uuid[]) AND status = 'completed'
      GROUP BY buyer_id`,
    [userIds],
  )) as Array<{ buyer_id: string; n: string; usd: string; xaf: string }>;
  const result = new Map<string, PurchaseTotals>();
  for (const r of rows) result.set(r.buyer_id, { purchaseCount: Number(r.n), totalSpent: { usdCents: Number(r.usd), xaf: Number(r.xaf) } });
  return result;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NO_PURCHASES: PurchaseTotals = { purchaseCount: 0, totalSpent: { usdCents: 0, xaf: 0 } };

interface Loaders {
  totals: DataLoader<string, PurchaseTotals>;
  orders: DataLoader<string, OrderGql[]>;
}

/**
 * Per-request loaders, kept on the request's context object so two requests never share results:
 * every User field asked in one `_entities` call joins one load per kind (totals, orders).
 * setImmediate: the gateway's batch resolves its references before their fields run.
 */
const loaders = new WeakMap<object, Loaders>();

function loadersFor(ds: DataSource, ctx: object): Loaders {
  let found = loaders.get(ctx);
  if (!found) {
    const batchScheduleFn = (run: () => void) => setImmediate(run);
    found = {
      totals: new DataLoader(async (ids) => {
        const m = await loadPurchaseTotals(ds, ids);
        return ids.map((id) => m.get(id) ?? NO_PURCHASES);
      }, { batchScheduleFn }),
      orders: new DataLoader(async (ids) => {
        const m = await loadUserOrders(ds, ids);
        return ids.map((id) => m.get(id) ?? []);
      }, { batchScheduleFn }),
    };
    loaders.set(ctx, found);
  }
  return found;
}

const totalsOf = (ds: DataSource, ctx: object, userId: string) => (UUID.test(userId) ? loadersFor(ds, ctx).totals.load(userId) : Promise.resolve(NO_PURCHASES));
const ordersOf = (ds: DataSource, ctx: object, userId: string) => (UUID.test(userId) ? loadersFor(ds, ctx).orders.load(userId) : Promise.resolve([]));

/** Self or administrator; visitors UNAUTHENTICATED, other customers FORBIDDEN. */
function mayRead(ctx: BaseContext, userId: string): void {
  const viewer = requireUser(ctx);
  if (viewer.userId !== userId && !viewer.roles.includes('admin')) {
    throw new GraphQLError('Accès refusé', { extensions: { code: 'FORBIDDEN', http: { status: 403 } } });
  }
}

export function userResolvers(ds: DataSource) {
  return {
    __resolveReference: (ref: UserRef) => ({ id: ref.id }),
    purchases: async (user: UserRef, _args: unknown, ctx: BaseContext) => {
      mayRead(ctx, user.id);
      return ordersOf(ds, ctx, user.id);
    },
    purchaseCount: async (user: UserRef, _args: unknown, ctx: BaseContext) => {
      mayRead(ctx, user.id);
      return (await totalsOf(ds, ctx, user.id)).purchaseCount;
    },
    totalSpent: async (user: UserRef, _args: unknown, ctx: BaseContext) => {
      mayRead(ctx, user.id);
      return (await totalsOf(ds, ctx, user.id)).totalSpent;
    },
  };
}
