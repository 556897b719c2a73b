import { UserError, type AuthUser } from '@lbf/service-kit';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ERRORS, OWN_REASONS, TEXT } from '../domain/messages';
import { usdCentsToXaf } from '../domain/money';
import { canStartAttempt } from '../domain/order-state';
import { normalizePhone } from '../domain/phone';
import { Buyer, Order, PaymentAttempt, PriceListItem, type ItemKind } from '../entities';
import type { Order as OrderGql } from '../generated/graphql';
import { ProviderRejected, ProviderUnavailable, type ProviderName } from '../providers/port';
import { answerInput, askProvider, chargeAttempt, chargeGraceMs, chargeStartedAt, checkAttempt, schedulePoll } from './attempts';
import type { CommerceDeps } from './deps';
import { PROVIDER_OF } from './providers';
import { recordExchange, settle } from './settle';
import { loadRecord, orderView } from './views';

export const startCheckoutInput = z.object({
  itemId: z.uuid({ message: ERRORS.NOT_FOR_SALE }),
  itemType: z.enum(['VIDEO', 'PDF']),
  method: z.enum(['ORANGE', 'MTN', 'NOTCHPAY']),
  phone: z.string().max(40, { message: ERRORS.PHONE_INVALID }).nullish(),
  consentImmediateAccess: z.boolean(),
});

export type StartCheckoutInput = z.infer<typeof startCheckoutInput>;

/** A customer's refusal shown in the payload. */
export function notSignedIn(): UserError {
  return new UserError('UNAUTHENTICATED', TEXT.notSignedIn);
}

/** Our reference, generated and stored before the provider hears of it. */
export function attemptReference(provider: ProviderName, orderId: string, number: number): string {
  // MoMo wants a uuid4 X-Reference-Id; NotchPay and Orange take ours: `<orderId>-a<n>`.
  return provider === 'mtn' ? randomUUID() : `${orderId}-a${number}`;
}

/** The e-mail identity gave for this buyer; tokens carry none. */
async function buyerEmail(deps: CommerceDeps, userId: string): Promise<string> {
  const buyer = await deps.ds.manager.findOne(Buyer, { where: { userId } });
  if (buyer) return buyer.email;
  deps.log.warn({ userId }, 'buyer e-mail unknown (identity.user.registered not seen yet): placeholder used');
  return `client-${userId.slice(0, 8)}@clients.lbf.invalid`;
}

export function providerWindowMs(deps: CommerceDeps, provider: ProviderName): number {
  return deps.providers.get(provider)?.windowMs ?? 5 * 60_000;
}

/**
 * "Payer": the buyer's open order for the item (created once, even under parallel clicks: a
 * partial unique index), then one live attempt. When an attempt is live it is returned as is:
 * never a second charge. The attempt (with our reference) is committed before the provider is
 * called; the amount always comes from the price list.
 */
export async function startCheckout(deps: CommerceDeps, user: AuthUser, raw: StartCheckoutInput): Promise<OrderGql> {
  if (!raw.consentImmediateAccess) throw new UserError('CONSENT_REQUIRED', ERRORS.CONSENT_REQUIRED, { field: 'consentImmediateAccess' });
  const providerName = PROVIDER_OF[raw.method];
  const provider = deps.providers.get(providerName);
  if (!provider) throw new UserError('METHOD_UNAVAILABLE', ERRORS.METHOD_UNAVAILABLE, { field: 'method' });
  let phone: string | null = null;
  const given = raw.phone?.trim() ?? '';
  if (providerName !== 'notchpay' && !given) throw new UserError('MISSING_INFORMATION', TEXT.missingInformation, { field: 'phone' });
  if (given) {
    const checked = normalizePhone(given, { provider: providerName, sandbox: provider.sandbox });
    if (!checked.ok) throw new UserError('PHONE_INVALID', ERRORS.PHONE_INVALID, { field: 'phone' });
    phone = checked.e164;
  }
  const itemType: ItemKind = raw.itemType === 'VIDEO' ? 'video' : 'pdf';
  const email = await buyerEmail(deps, user.userId);
  const now = deps.now();

  const open = () => deps.uow.run(async ({ manager }) => {
    const price = await manager.findOne(PriceListItem, { where: { itemId: raw.itemId } });
    if (!price || !price.forSale || price.itemType !== itemType) throw new UserError('NOT_FOR_SALE', ERRORS.NOT_FOR_SALE, { field: 'itemId' });
    const paid = await manager.query(`SELECT 1 FROM orders WHERE buyer_id = $1 AND item_id = $2 AND status = 'completed'`, [user.userId, raw.itemId]);
    if (paid.length) throw new UserError('ALREADY_PURCHASED', ERRORS.ALREADY_PURCHASED);
    const usd = price.priceUsdCents;
    const xaf = usdCentsToXaf(usd, deps.config.usdXafRate);
    await manager.query(
      `INSERT INTO orders (id, buyer_id, buyer_email, item_id, item_type, item_title, amount_usd_cents, amount_xaf, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'created', $9, $9)
       ON CONFLICT (buyer_id, item_id) WHERE status IN ('created', 'pending', 'failed', 'expired', 'canceled') DO NOTHING`,
      [randomUUID(), user.userId, email, raw.itemId, itemType, price.title, usd, xaf, now],
    );
    const order = await manager
      .getRepository(Order)
      .createQueryBuilder('o')
      .setLock('pessimistic_write')
      .where(`o.buyer_id = :buyer AND o.item_id = :item AND o.status IN ('created', 'pending', 'failed', 'expired', 'canceled')`, { buyer: user.userId, item: raw.itemId })
      .getOne();
    if (!order) throw new Error('open order vanished under its lock');
    const live = await manager.findOne(PaymentAttempt, { where: { orderId: order.id, status: 'pending' } });
    if (live || !canStartAttempt(order.status)) return { orderId: order.id, attemptId: null, live };
    const [{ n }] = (await manager.query(`SELECT COALESCE(MAX(number), 0) + 1 AS n FROM payment_attempts WHERE order_id = $1`, [order.id])) as Array<{ n: number }>;
    const attemptId = randomUUID();
    await manager.insert(PaymentAttempt, {
      id: attemptId,
      orderId: order.id,
      number: n,
      provider: providerName,
      reference: attemptReference(providerName, order.id, n),
      phone,
      status: 'pending',
      expiresAt: new Date(now.getTime() + provider.windowMs),
      pollRound: 0,
      createdAt: now,
    });
    // A retry charges today's price: the price list may have changed since the last attempt.
    await manager.update(Order, { id: order.id }, { status: 'pending', amountUsdCents: usd, amountXaf: xaf, itemTitle: price.title, buyerEmail: email, updatedAt: now });
    return { orderId: order.id, attemptId, live: null };
  });

  let started = await open();
  // Paying again while an attempt is live returns it, unless its charge may never have reached the
  // provider (committed, then the process died): past the grace the provider is asked, which sends
  // the charge now or ends the attempt (recoverUnsentCharge); ended, this click makes a new attempt.
  if (started.live && deps.now().getTime() - chargeStartedAt(started.live) >= chargeGraceMs(deps)) {
    await checkAttempt(deps, started.live.id, { expireWhenPast: true });
    started = await open();
  }
  if (started.attemptId) {
    await deps.updates.publish(started.orderId);
    // The poller first: if this process dies before or during the provider call, the poll finds the
    // attempt unknown to the provider and sends it (recoverUnsentCharge).
    await schedulePoll(deps, started.attemptId, 0);
    await chargeAttempt(deps, started.attemptId);
  }
  return (await viewOf(deps, started.orderId, false))!;
}


export async function viewOf(deps: CommerceDeps, orderId: string, admin: boolean): Promise<OrderGql | null> {
  const record = await loadRecord(deps.ds.manager, orderId, admin);
  return record ? orderView(record, admin) : null;
}

/** The order if this user may see it (its buyer or an administrator), else null. */
export async function visibleOrder(deps: CommerceDeps, user: AuthUser, orderId: string): Promise<Order | null> {
  if (!z.uuid().safeParse(orderId).success) return null;
  const order = await deps.ds.manager.findOne(Order, { where: { id: orderId } });
  if (!order) return null;
  return order.buyerId === user.userId || user.roles.includes('admin') ? order : null;
}

async function ownOrder(deps: CommerceDeps, user: AuthUser, orderId: string): Promise<Order> {
  const order = await visibleOrder(deps, user, orderId);
  if (!order) throw new UserError('ORDER_NOT_FOUND', ERRORS.ORDER_NOT_FOUND, { field: 'orderId' });
  return order;
}

async function liveAttempt(deps: CommerceDeps, orderId: string): Promise<PaymentAttempt | null> {
  return deps.ds.manager.findOne(PaymentAttempt, { where: { orderId, status: 'pending' } });
}

const isAdmin = (user: AuthUser) => user.roles.includes('admin');

/** "Vérifier": asks the provider about the live attempt and settles it. */
export async function checkPayment(deps: CommerceDeps, user: AuthUser, orderId: string): Promise<OrderGql> {
  const order = await ownOrder(deps, user, orderId);
  const live = await liveAttempt(deps, order.id);
  if (live) await checkAttempt(deps, live.id, { expireWhenPast: true });
  return (await viewOf(deps, order.id, isAdmin(user)))!;
}

/** "Renvoyer la demande" (Orange mp/push). */
export async function resendPaymentPrompt(deps: CommerceDeps, user: AuthUser, orderId: string): Promise<OrderGql> {
  const order = await ownOrder(deps, user, orderId);
  const live = await liveAttempt(deps, order.id);
  if (!live) throw new UserError('NO_LIVE_ATTEMPT', ERRORS.NO_LIVE_ATTEMPT);
  const provider = deps.providers.get(live.provider);
  if (!provider?.resend) throw new UserError('RESEND_UNSUPPORTED', ERRORS.RESEND_UNSUPPORTED);
  try {
    const answer = await provider.resend({ reference: live.reference, providerReference: live.providerReference });
    await settle(deps, live.id, answerInput(answer));
  } catch (err) {
    if (err instanceof ProviderUnavailable || err instanceof ProviderRejected) {
      await deps.uow.run(({ manager }) => recordExchange(manager, live.id, err.exchange ?? { kind: 'resend', httpStatus: null, body: { error: err.message } }, deps.now()));
      throw new UserError('PROVIDER_ERROR', TEXT.processingFailed);
    }
    throw err;
  }
  return (await viewOf(deps, order.id, isAdmin(user)))!;
}

/** Gives up the live attempt: the provider is told where it can be (NotchPay), the attempt ends canceled. */
export async function cancelPayment(deps: CommerceDeps, user: AuthUser, orderId: string): Promise<OrderGql> {
  const order = await ownOrder(deps, user, orderId);
  const live = await liveAttempt(deps, order.id);
  if (!live) throw new UserError('NO_LIVE_ATTEMPT', ERRORS.NO_LIVE_ATTEMPT);
  const provider = deps.providers.get(live.provider);
  let exchange = { kind: 'cancel', httpStatus: null as number | null, body: { by: 'customer' } as unknown };
  if (provider?.cancel) {
    try {
      await provider.cancel({ reference: live.reference, providerReference: live.providerReference });
    } catch (err) {
      exchange = { kind: 'cancel', httpStatus: null, body: { by: 'customer', providerError: (err as Error).message } };
    }
  }
  // If the customer had in fact just paid, the provider says so and the order completes instead.
  const before = await askProvider(deps, live);
  if (before.outcome === 'completed') await settle(deps, live.id, before);
  else await settle(deps, live.id, { outcome: 'canceled', reasonCode: OWN_REASONS.canceledByCustomer, exchange });
  return (await viewOf(deps, order.id, isAdmin(user)))!;
}

/** My open order for this item (to resume a checkout), or null. */
export async function openOrder(deps: CommerceDeps, user: AuthUser, itemId: string, itemType: 'VIDEO' | 'PDF'): Promise<OrderGql | null> {
  if (!z.uuid().safeParse(itemId).success) return null;
  const order = await deps.ds.manager
    .getRepository(Order)
    .createQueryBuilder('o')
    .where(`o.buyer_id = :buyer AND o.item_id = :item AND o.item_type = :type AND o.status IN ('created', 'pending', 'failed', 'expired', 'canceled')`, {
      buyer: user.userId,
      item: itemId,
      type: itemType === 'VIDEO' ? 'video' : 'pdf',
    })
    .getOne();
  return order ? viewOf(deps, order.id, isAdmin(user)) : null;
}

