import { ok, parseInput, settle as asResult, type AuthUser, type Result } from '@lbf/service-kit';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { CommerceDeps } from '../deps';
import type { ItemKind, PaymentAttempt } from '../entities';
import { buyerOf, priceOf } from '../feeds';
import type { Order as OrderGql } from '../generated/graphql';
import { liveAttemptOf, updateOrder, viewOf } from '../orders';
import { PAYMENT_METHODS, PROVIDER_OF, type PaymentProvider, type ProviderName } from '../providers';
import { chargeAttempt, chargeStartedAt, checkAttempt, schedulePoll } from '../settlement';
import { refusal, refused } from '../shared/errors';
import { ERRORS, TEXT } from '../shared/messages';
import { usdCentsToXaf } from '../shared/money';
import { canStartAttempt } from '../shared/order-state';
import { normalizePhone } from '../shared/phone';
import { attemptReference, itemKind, placeholderEmail } from './rules';
import { ensureOpenOrder, hasPaid, insertAttempt, lockOpenOrder, nextAttemptNumber } from './store';

export const startCheckoutInput = z.object({
  itemId: z.uuid({ message: ERRORS.NOT_FOR_SALE }),
  itemType: z.enum(['VIDEO', 'PDF']),
  method: z.enum(PAYMENT_METHODS),
  phone: z.string().max(40, { message: ERRORS.PHONE_INVALID }).nullish(),
  consentImmediateAccess: z.boolean(),
});

export type StartCheckoutInput = z.infer<typeof startCheckoutInput>;

/** A checkout whose request passed its checks: who pays what, with which client and phone. */
interface Request {
  user: AuthUser;
  itemId: string;
  itemType: ItemKind;
  providerName: ProviderName;
  provider: PaymentProvider;
  phone: string | null;
  email: string;
}

/** The e-mail identity gave for this buyer; tokens carry none. */
async function buyerEmail(deps: CommerceDeps, userId: string): Promise<string> {
  const buyer = await buyerOf(deps.ds.manager, userId);
  if (buyer) return buyer.email;
  deps.log.warn({ userId }, 'buyer e-mail unknown (identity.user.registered not seen yet): placeholder used');
  return placeholderEmail(userId);
}

/** Consent, an offered method, a phone where the method needs one (checked for it). */
function checkRequest(deps: CommerceDeps, input: StartCheckoutInput): Result<Pick<Request, 'providerName' | 'provider' | 'phone'>> {
  if (!input.consentImmediateAccess) return refused('CONSENT_REQUIRED', ERRORS.CONSENT_REQUIRED, { field: 'consentImmediateAccess' });
  const providerName = PROVIDER_OF[input.method];
  const provider = deps.providers.get(providerName);
  if (!provider) return refused('METHOD_UNAVAILABLE', ERRORS.METHOD_UNAVAILABLE, { field: 'method' });
  const given = input.phone?.trim() ?? '';
  if (providerName !== 'notchpay' && !given) return refused('MISSING_INFORMATION', TEXT.missingInformation, { field: 'phone' });
  if (!given) return ok({ providerName, provider, phone: null });
  const checked = normalizePhone(given, { provider: providerName, sandbox: provider.sandbox });
  if (!checked.ok) return refused('PHONE_INVALID', ERRORS.PHONE_INVALID, { field: 'phone' });
  return ok({ providerName, provider, phone: checked.e164 });
}

type Opened = { orderId: string; attemptId: string | null; live: PaymentAttempt | null };

/**
 * In one transaction: the price from the price list, the buyer's open order (created once, even
 * under parallel clicks), locked; its live attempt if any, else a new one committed with our
 * reference. Refusals are thrown (rolled back) and become the Result by `asResult`.
 */
function openAttempt(deps: CommerceDeps, r: Request, now: Date): Promise<Opened> {
  return deps.uow.run(async ({ manager }) => {
    const price = await priceOf(manager, r.itemId);
    if (!price || !price.forSale || price.itemType !== r.itemType) throw refusal('NOT_FOR_SALE', ERRORS.NOT_FOR_SALE, { field: 'itemId' });
    if (await hasPaid(manager, r.user.userId, r.itemId)) throw refusal('ALREADY_PURCHASED', ERRORS.ALREADY_PURCHASED);
    const usd = price.priceUsdCents;
    const xaf = usdCentsToXaf(usd, deps.config.usdXafRate);
    await ensureOpenOrder(manager, { id: randomUUID(), buyerId: r.user.userId, buyerEmail: r.email, itemId: r.itemId, itemType: r.itemType, itemTitle: price.title, usd, xaf, at: now });
    const order = await lockOpenOrder(manager, r.user.userId, r.itemId);
    if (!order) throw new Error('open order vanished under its lock');
    const live = await liveAttemptOf(manager, order.id);
    if (live || !canStartAttempt(order.status)) return { orderId: order.id, attemptId: null, live };
    const number = await nextAttemptNumber(manager, order.id);
    const attemptId = randomUUID();
    const reference = attemptReference(r.providerName, order.id, number);
    const expiresAt = new Date(now.getTime() + r.provider.windowMs);
    await insertAttempt(manager, { id: attemptId, orderId: order.id, number, provider: r.providerName, reference, phone: r.phone, expiresAt, createdAt: now });
    // A retry charges today's price: the price list may have changed since the last attempt.
    await updateOrder(manager, order.id, { status: 'pending', amountUsdCents: usd, amountXaf: xaf, itemTitle: price.title, buyerEmail: r.email, updatedAt: now });
    return { orderId: order.id, attemptId, live: null };
  });
}

/**
 * "Payer": the buyer's open order for the item (created once, even under parallel clicks: a
 * partial unique index), then one live attempt. When an attempt is live it is returned as is:
 * never a second charge. The attempt (with our reference) is committed before the provider is
 * called; the amount always comes from the price list.
 */
export async function startCheckout(deps: CommerceDeps, user: AuthUser, raw: unknown): Promise<Result<OrderGql>> {
  const input = parseInput(startCheckoutInput, raw);
  if (!input.ok) return input;
  const checked = checkRequest(deps, input.value);
  if (!checked.ok) return checked;
  const request: Request = { user, itemId: input.value.itemId, itemType: itemKind(input.value.itemType), ...checked.value, email: await buyerEmail(deps, user.userId) };
  const now = deps.now();
  let started = await asResult(() => openAttempt(deps, request, now));
  // Paying again while an attempt is live returns it, unless its charge may never have reached the
  // provider (committed, then the process died): past the grace the provider is asked, which sends
  // the charge now or ends the attempt (recoverUnsentCharge); ended, this click makes a new attempt.
  if (started.ok && started.value.live && deps.now().getTime() - chargeStartedAt(started.value.live) >= deps.config.chargeGraceMs) {
    await checkAttempt(deps, started.value.live.id, { expireWhenPast: true });
    started = await asResult(() => openAttempt(deps, request, now));
  }
  if (!started.ok) return started;
  const { orderId, attemptId } = started.value;
  if (attemptId) {
    await deps.updates.publish(orderId);
    // The poller first: if this process dies before or during the provider call, the poll finds the
    // attempt unknown to the provider and sends it (recoverUnsentCharge).
    await schedulePoll(deps, attemptId, 0);
    await chargeAttempt(deps, attemptId);
  }
  return ok((await viewOf(deps, orderId, false))!);
}
