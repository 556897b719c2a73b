import { ok, parseInput, settle as asResult, type AuthUser, type Result } from '@lbf/service-kit';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { CommerceDeps } from '../deps';
import type { ItemKind, PaymentAttempt } from '../entities';
import { buyerOf, healthConsentGiven, placeholderEmail, priceOf } from '../feeds';
import type { Order as OrderGql } from '../generated/graphql';
import { liveAttemptOf, updateOrder, viewOf } from '../orders';
import { PAYMENT_METHODS, PROVIDER_OF, type PaymentProvider, type ProviderName } from '../providers';
import { chargeAttempt, chargeStartedAt, checkAttempt, schedulePoll } from '../settlement';
import { refusal, refused } from '../shared/errors';
import { ERRORS, PAY_LINK_ERRORS, TEXT } from '../shared/messages';
import { usdCentsToXaf } from '../shared/money';
import { checkGift, giftInput, recordGiftDetails, type GiftDetails } from '../gifts';
import { reservePromo, triesKey, withinPromoTries, type AppliedPromo } from '../promo';
import { canStartAttempt } from '../shared/order-state';
import { normalizePhone } from '../shared/phone';
import { attemptReference, itemKind, itemTypeInput } from './rules';
import { ensureOpenOrder, hasPaid, insertAttempt, lockOpenOrder, nextAttemptNumber } from './store';

export const startCheckoutInput = z.object({
  itemId: z.uuid({ message: ERRORS.NOT_FOR_SALE }),
  itemType: itemTypeInput,
  method: z.enum(PAYMENT_METHODS),
  phone: z.string().max(40, { message: ERRORS.PHONE_INVALID }).nullish(),
  consentImmediateAccess: z.boolean(),
  consentHealthData: z.boolean().nullish(),
  promoCode: z.string().max(64).nullish(),
  /** « Offrir »: the item is for someone else (gifts/). */
  gift: giftInput.nullish(),
});

export type StartCheckoutInput = z.infer<typeof startCheckoutInput>;

/** A checkout whose request passed its checks: who pays what, with which client and phone. */
export interface Request {
  user: AuthUser;
  itemId: string;
  itemType: ItemKind;
  providerName: ProviderName;
  provider: PaymentProvider;
  phone: string | null;
  email: string;
  /** What the customer typed in « Code promo », blank: none. */
  promoCode: string | null;
  /** « Payer pour moi »: the link a payer without an account pays through (the order is the requester's). */
  payLink?: { id: string; payerEmail: string | null; payerName?: string | null };
  /** « Offrir »: for whom, and the message; the order is a gift order, beside the buyer's own. */
  gift?: GiftDetails | null;
}

/** The e-mail identity gave for this buyer; tokens carry none. */
export async function buyerEmail(deps: CommerceDeps, userId: string): Promise<string> {
  const buyer = await buyerOf(deps.ds.manager, userId);
  if (buyer) return buyer.email;
  deps.log.warn({ userId }, 'buyer e-mail unknown (identity.user.registered not seen yet): placeholder used');
  return placeholderEmail(userId);
}

/** Consent, an offered method, a phone where the method needs one (checked for it). */
export function checkRequest(deps: CommerceDeps, input: StartCheckoutInput): Result<Pick<Request, 'providerName' | 'provider' | 'phone'>> {
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

/** The order's amounts for an attempt: the price list's, less the code's discount when one applies. */
function chargedAmounts(usd: number, xaf: number, promo: AppliedPromo | null) {
  return promo
    ? { amountUsdCents: promo.totalUsdCents, amountXaf: promo.totalXaf, promoCodeId: promo.codeId, promoCode: promo.code, discountXaf: promo.discountXaf, discountUsdCents: promo.discountUsdCents }
    : { amountUsdCents: usd, amountXaf: xaf, promoCodeId: null, promoCode: null, discountXaf: 0, discountUsdCents: 0 };
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
    // A gift may be of an item the buyer owns: it will not be theirs.
    if (!r.gift && (await hasPaid(manager, r.user.userId, r.itemId))) throw refusal('ALREADY_PURCHASED', ERRORS.ALREADY_PURCHASED);
    const usd = price.priceUsdCents;
    const xaf = usdCentsToXaf(usd, deps.config.usdXafRate);
    await ensureOpenOrder(manager, { id: randomUUID(), buyerId: r.user.userId, buyerEmail: r.email, itemId: r.itemId, itemType: r.itemType, itemTitle: price.title, usd, xaf, at: now, gift: !!r.gift });
    const order = await lockOpenOrder(manager, r.user.userId, r.itemId, !!r.gift);
    if (!order) throw new Error('open order vanished under its lock');
    const live = await liveAttemptOf(manager, order.id);
    // A payer through a link never joins an attempt someone else started (nor sees its phone).
    if (live && r.payLink) throw refusal('PAY_LINK_BUSY', PAY_LINK_ERRORS.BUSY);
    if (live || !canStartAttempt(order.status)) return { orderId: order.id, attemptId: null, live };
    const promo = r.promoCode ? await reservePromo(manager, { typed: r.promoCode, itemId: r.itemId, buyerId: r.user.userId, orderId: order.id, price: { xaf, usdCents: usd }, xafPerUsd: deps.config.usdXafRate, now }) : null;
    const number = await nextAttemptNumber(manager, order.id);
    const attemptId = randomUUID();
    const reference = attemptReference(r.providerName, order.id, number);
    const expiresAt = new Date(now.getTime() + r.provider.windowMs);
    await insertAttempt(manager, { id: attemptId, orderId: order.id, number, provider: r.providerName, reference, phone: r.phone, expiresAt, createdAt: now, payLinkId: r.payLink?.id ?? null, payerEmail: r.payLink?.payerEmail ?? null, payerName: r.payLink?.payerName ?? null });
    if (r.gift) await recordGiftDetails(manager, { ...r.gift, orderId: order.id, buyerId: r.user.userId, itemId: r.itemId, itemType: r.itemType, at: now });
    // A retry charges today's price (the price list may have changed since the last attempt), with this attempt's code.
    await updateOrder(manager, order.id, { status: 'pending', ...chargedAmounts(usd, xaf, promo), itemTitle: price.title, buyerEmail: r.email, updatedAt: now });
    return { orderId: order.id, attemptId, live: null };
  });
}

/**
 * "Payer": the buyer's open order for the item (created once, even under parallel clicks: a
 * partial unique index), then one live attempt. When an attempt is live it is returned as is:
 * never a second charge. The attempt (with our reference) is committed before the provider is
 * called; the amount always comes from the price list, less a promo code's discount computed here
 * (its use reserved in the same transaction, promo/apply.ts).
 */
export async function startCheckout(deps: CommerceDeps, user: AuthUser, raw: unknown): Promise<Result<OrderGql>> {
  const input = parseInput(startCheckoutInput, raw);
  if (!input.ok) return input;
  const checked = checkRequest(deps, input.value);
  if (!checked.ok) return checked;
  // What a person buys here reveals their health concerns: no sale without that consent (issue 23).
  // Asserted by the request (the dialog gives it to identity a moment before: the event may lag),
  // or seen here from identity.user.consent_changed.
  if (!input.value.consentHealthData && !(await healthConsentGiven(deps.ds.manager, user.userId))) {
    return refused('HEALTH_CONSENT_REQUIRED', ERRORS.HEALTH_CONSENT_REQUIRED, { field: 'consentHealthData' });
  }
  const gift = input.value.gift ? checkGift(input.value.gift) : null;
  if (gift && !gift.ok) return gift;
  const request: Request = {
    user,
    itemId: input.value.itemId,
    itemType: itemKind(input.value.itemType),
    ...checked.value,
    email: await buyerEmail(deps, user.userId),
    promoCode: input.value.promoCode?.trim() || null,
    gift: gift?.value ?? null,
  };
  if (!request.promoCode) return payAttempt(deps, request);
  return withinPromoTries(deps, triesKey(user.userId, null), () => payAttempt(deps, request), (r) => !r.ok && r.error.code === 'PROMO_INVALID');
}

/** The attempt opened (or the live one found), then charged: the rest of « Payer ». */
export async function payAttempt(deps: CommerceDeps, request: Request): Promise<Result<OrderGql>> {
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
