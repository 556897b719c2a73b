import { requireUser, type BaseContext } from '@lbf/service-kit';
import { GraphQLError } from 'graphql';
import type { DataSource } from 'typeorm';
import type { Order as OrderEntity, PaymentAttempt } from '../entities';
import type { Amount, Order as OrderGql } from '../generated/graphql';
import { orderView } from './views';

/** The User entity as commerce resolves it (identity owns it): only its id. */
export interface UserRef {
  id: string;
}

interface UserPurchases {
  purchases: OrderGql[];
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
 * Every user's orders with their attempts, in ONE SQL statement for a whole `_entities` batch
 * (the gateway asks for many users at once: the admin users table).
 */
export async function loadUserPurchases(ds: DataSource, userIds: readonly string[]): Promise<Map<string, UserPurchases>> {
  const rows = (await ds.query(
    `SELECT o.*, COALESCE(json_agg(a ORDER BY a.number) FILTER (WHERE a.id IS NOT NULL), '[]') AS attempts
       FROM orders o LEFT JOIN payment_attempts a ON a.order_id = o.id
      WHERE o.buyer_id = ANY($1::uuid[])
      GROUP BY o.id
      ORDER BY o.created_at DESC, o.id`,
    [userIds],
  )) as Row[];
  const result = new Map<string, UserPurchases>(userIds.map((id) => [id, { purchases: [], purchaseCount: 0, totalSpent: { usdCents: 0, xaf: 0 } }]));
  for (const row of rows) {
    const order = toOrder(row);
    const entry = result.get(order.buyerId);
    if (!entry) continue;
    entry.purchases.push(orderView({ order, attempts: row.attempts.map(toAttempt) }, false));
    if (order.status === 'completed') {
      entry.purchaseCount += 1;
      entry.totalSpent = { usdCents: entry.totalSpent.usdCents + order.amountUsdCents, xaf: entry.totalSpent.xaf + order.amountXaf };
    }
  }
  return result;
}

/**
 * A per-request batcher: every User field asked in the same tick (one `_entities` call) joins one
 * load. Kept on the request's context object so that two requests never share results.
 */
const batches = new WeakMap<object, { ids: Set<string>; started: boolean; result: Promise<Map<string, UserPurchases>> | null }>();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMPTY: UserPurchases = { purchases: [], purchaseCount: 0, totalSpent: { usdCents: 0, xaf: 0 } };

function forUser(ds: DataSource, ctx: object, userId: string): Promise<UserPurchases> {
  if (!UUID.test(userId)) return Promise.resolve(EMPTY);
  let batch = batches.get(ctx);
  if (!batch || (batch.started && !batch.ids.has(userId))) {
    batch = { ids: new Set(), started: false, result: null };
    batches.set(ctx, batch);
  }
  const current = batch;
  current.ids.add(userId);
  current.result ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
    current.started = true;
    return loadUserPurchases(ds, [...current.ids]);
  });
  return current.result.then((m) => m.get(userId) ?? EMPTY);
}

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
      return (await forUser(ds, ctx, user.id)).purchases;
    },
    purchaseCount: async (user: UserRef, _args: unknown, ctx: BaseContext) => {
      mayRead(ctx, user.id);
      return (await forUser(ds, ctx, user.id)).purchaseCount;
    },
    totalSpent: async (user: UserRef, _args: unknown, ctx: BaseContext) => {
      mayRead(ctx, user.id);
      return (await forUser(ds, ctx, user.id)).totalSpent;
    },
  };
}
