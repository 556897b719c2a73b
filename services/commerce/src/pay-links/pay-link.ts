import { ok, parseInput, type Result } from '@lbf/service-kit';
import { z } from 'zod';
import { buyerEmail, checkRequest, payAttempt, type Request } from '../checkout/start-checkout';
import { hasPaid } from '../checkout/store';
import type { CommerceDeps } from '../deps';
import { buyerOf, priceOf } from '../feeds';
import type { PayLink as PayLinkGql } from '../generated/graphql';
import { METHOD_OF, PAYMENT_METHODS, type ProviderName } from '../providers';
import { refused } from '../shared/errors';
import { linkTokenHash, wellFormedLinkToken } from '../shared/link-token';
import { ERRORS, failureMessage, PAY_LINK_ERRORS } from '../shared/messages';
import { amountOf } from '../shared/money';
import { linkStatus, receiptText } from './rules';
import { latestLinkPayment, linkByHash, type PayLinkRow } from './store';

async function findLink(deps: CommerceDeps, token: string): Promise<PayLinkRow | null> {
  return wellFormedLinkToken(token) ? linkByHash(deps.ds.manager, linkTokenHash(token)) : null;
}

/** The link as its page shows it, to anyone holding it: item, price now, requester's first name, status, the payer's receipt once paid. */
async function viewLink(deps: CommerceDeps, link: PayLinkRow): Promise<PayLinkGql | null> {
  const manager = deps.ds.manager;
  const [price, requester, payment, owned] = await Promise.all([
    priceOf(manager, link.itemId),
    buyerOf(manager, link.requesterId),
    latestLinkPayment(manager, link.id),
    hasPaid(manager, link.requesterId, link.itemId),
  ]);
  if (!price) return null;
  const paid = payment?.status === 'completed';
  const status = linkStatus({ paid, live: payment?.status === 'pending', owned, expiresAt: link.expiresAt, now: deps.now() });
  const firstName = requester?.firstName ?? null;
  const ended = payment && !paid && payment.status !== 'pending';
  return {
    itemId: link.itemId,
    itemType: link.itemType === 'video' ? 'VIDEO' : 'PDF',
    itemTitle: price.title,
    amount: amountOf(price.priceUsdCents, deps.config.usdXafRate),
    requesterFirstName: firstName,
    status,
    expiresAt: link.expiresAt.toISOString(),
    method: payment ? METHOD_OF[payment.provider as ProviderName] : null,
    authorizationUrl: payment?.status === 'pending' ? payment.authorizationUrl : null,
    receiptText: paid && payment.receiptNumber ? receiptText({ xaf: payment.amountXaf, title: payment.itemTitle, firstName, receiptNumber: payment.receiptNumber }) : null,
    message: ended && status === 'OPEN' ? failureMessage(payment.status as 'failed' | 'expired' | 'canceled', payment.failureCode) : null,
  };
}

export async function payLinkView(deps: CommerceDeps, token: string): Promise<PayLinkGql | null> {
  const link = await findLink(deps, token);
  return link ? viewLink(deps, link) : null;
}

const payInput = z.object({
  token: z.string().max(64),
  method: z.enum(PAYMENT_METHODS),
  phone: z.string().max(40, { message: ERRORS.PHONE_INVALID }).nullish(),
  payerEmail: z.union([z.email({ message: PAY_LINK_ERRORS.EMAIL_INVALID }).max(254), z.literal('')]).nullish(),
  payerName: z.string().trim().max(60, { message: PAY_LINK_ERRORS.NAME_TOO_LONG }).nullish(),
});

/** Why a link cannot be paid now (in French), or null. */
function closed(view: PayLinkGql): Result<never> | null {
  if (view.status === 'PAID') return refused('PAY_LINK_PAID', PAY_LINK_ERRORS.PAID);
  if (view.status === 'PENDING') return refused('PAY_LINK_BUSY', PAY_LINK_ERRORS.BUSY);
  if (view.status === 'OWNED') return refused('PAY_LINK_OWNED', PAY_LINK_ERRORS.OWNED);
  if (view.status === 'EXPIRED') return refused('PAY_LINK_EXPIRED', PAY_LINK_ERRORS.EXPIRED);
  return null;
}

/**
 * Pays a link, with no account: the requester's order for the item (buyerId = requester), one
 * attempt with the payer's phone (and e-mail, for the receipt), charged as « Payer » charges. Two
 * payers at once land on the requester's one open order: one attempt, the other is refused (the
 * order's lock, its one live attempt, and at most one completed attempt per link in the database).
 */
export async function payPayLink(deps: CommerceDeps, raw: unknown): Promise<Result<PayLinkGql>> {
  const input = parseInput(payInput, raw);
  if (!input.ok) return input;
  const link = await findLink(deps, input.value.token);
  const before = link ? await viewLink(deps, link) : null;
  if (!link || !before) return refused('PAY_LINK_NOT_FOUND', PAY_LINK_ERRORS.NOT_FOUND);
  const why = closed(before);
  if (why) return why;
  const checked = checkRequest(deps, { ...input.value, itemId: link.itemId, itemType: before.itemType, consentImmediateAccess: true });
  if (!checked.ok) return checked;
  const request: Request = {
    user: { userId: link.requesterId, sessionId: 'pay-link', roles: [], issuedAt: 0, name: null, email: null },
    itemId: link.itemId,
    itemType: link.itemType,
    ...checked.value,
    email: await buyerEmail(deps, link.requesterId),
    promoCode: null,
    payLink: { id: link.id, payerEmail: input.value.payerEmail || null, payerName: input.value.payerName || null },
  };
  const paid = await payAttempt(deps, request);
  if (!paid.ok) return paid.error.code === 'ALREADY_PURCHASED' ? (closed((await viewLink(deps, link))!) ?? paid) : paid;
  return ok((await viewLink(deps, link))!);
}
