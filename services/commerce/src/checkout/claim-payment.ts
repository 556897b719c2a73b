import { ok, parseInput, PAYMENT_PROVIDERS, type AuthUser, type Result } from '@lbf/service-kit';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { CommerceDeps } from '../deps';
import type { PaymentAttempt, PaymentClaim } from '../entities';
import type { PaymentClaimResult } from '../generated/graphql';
import { viewOf } from '../orders';
import { askProvider, raisePaymentAlert, recordExchange, settle, type SettleInput } from '../settlement';
import { refused } from '../shared/errors';
import { failureMessage, TEXT } from '../shared/messages';
import { normalizePhone } from '../shared/phone';
import { claimCandidates, insertClaim } from './store';

export const CLAIM_MESSAGES = {
  resolved: 'Paiement confirmé par l’opérateur : votre achat est débloqué.',
  alreadyPaid: 'Cette commande est déjà payée : le contenu est dans votre espace.',
  notFound: 'Aucun paiement correspondant n’a été trouvé sur votre compte. Vérifiez la référence, le numéro ou l’heure indiqués.',
  stillPending: 'L’opérateur n’a pas encore confirmé ce paiement. Réessayez dans quelques minutes.',
  notPaid: (reason: string) => `L’opérateur indique que ce paiement n’a pas abouti : ${reason}`,
  unreachable: 'L’opérateur ne répond pas pour le moment. Réessayez dans quelques minutes.',
  tooMany: 'Trop de vérifications. Réessayez dans quelques minutes.',
} as const;

export const claimInput = z.object({
  orderId: z.uuid().nullish(),
  operatorTransactionId: z.string().trim().min(3).max(100).nullish(),
  phone: z.string().max(40).nullish(),
  paidAt: z.iso.datetime({ offset: true }).nullish(),
});

/** Claims per customer per window: each one may ask providers several times. */
const CLAIMS_PER_WINDOW = 10;
const CLAIM_WINDOW_S = 600;

async function allowClaim(deps: CommerceDeps, userId: string): Promise<boolean> {
  const key = `${deps.config.redisKeyPrefix}:commerce:claims:${userId}`;
  const count = await deps.redis.incr(key);
  if (count === 1) await deps.redis.expire(key, CLAIM_WINDOW_S);
  return count <= CLAIMS_PER_WINDOW;
}

/** How many attempts one claim may ask providers about (a claim is not a scan). */
const MAX_CANDIDATES = 5;
/** Around `paidAt`: attempts started this long before or after. */
const PAID_AT_SLACK_MS = 3 * 3600_000;

type ClaimFinding = PaymentClaim['finding'];
type ClaimInput = z.infer<typeof claimInput>;
type Found = { orderId: string; attemptId: string; finding: ClaimFinding; message: string };

/**
 * Keeps a claim the provider did not confirm, with what the customer gave, and when it matched one
 * of their attempts puts the order in front of an administrator (settlement/alerts.ts): the claim is
 * also written in that attempt's provider log (kind `claim`), which the payments page shows.
 */
async function recordUnconfirmedClaim(
  deps: CommerceDeps,
  user: AuthUser,
  input: ClaimInput,
  found: Found | null,
): Promise<void> {
  const now = deps.now();
  const given = { operatorTransactionId: input.operatorTransactionId ?? null, phone: input.phone?.trim() || null, paidAt: input.paidAt ? new Date(input.paidAt) : null };
  const finding: ClaimFinding = found?.finding ?? 'not-found';
  await deps.uow.run(async (tx) => {
    await insertClaim(tx.manager, {
      id: randomUUID(),
      buyerId: user.userId,
      orderId: found?.orderId ?? null,
      attemptId: found?.attemptId ?? null,
      ...given,
      finding,
      message: found?.message ?? CLAIM_MESSAGES.notFound,
      createdAt: now,
    });
    if (!found) return;
    await recordExchange(tx.manager, found.attemptId, { kind: 'claim', httpStatus: null, body: { by: 'customer', orderId: input.orderId ?? null, ...given, finding } }, now);
    await raisePaymentAlert(tx, found.orderId, 'claim', now);
  });
  deps.log.info({ userId: user.userId, orderId: found?.orderId ?? null, finding }, 'payment claim not confirmed by the provider');
}

/** The buyer's candidate attempts: by order, by the operator's transaction id, or by phone and time. */
async function candidates(deps: CommerceDeps, user: AuthUser, input: ClaimInput): Promise<Result<PaymentAttempt[]>> {
  const params: unknown[] = [user.userId];
  const where: string[] = [];
  if (input.orderId) {
    params.push(input.orderId);
    where.push(`a.order_id = $${params.length}`);
  }
  if (input.operatorTransactionId) {
    params.push(input.operatorTransactionId);
    where.push(`(a.operator_transaction_id = $${params.length} OR a.provider_reference = $${params.length} OR a.reference = $${params.length})`);
  }
  if (input.phone && input.paidAt) {
    const phones = PAYMENT_PROVIDERS.map((p) => normalizePhone(input.phone!, { provider: p, sandbox: deps.providers.get(p)?.sandbox ?? false })).flatMap((c) =>
      c.ok ? [c.e164] : [],
    );
    if (!phones.length) return refused('PHONE_INVALID', 'Numéro de téléphone invalide.', { field: 'phone' });
    const at = new Date(input.paidAt).getTime();
    params.push(phones, new Date(at - PAID_AT_SLACK_MS), new Date(at + PAID_AT_SLACK_MS));
    where.push(`(a.phone = ANY($${params.length - 2}) AND a.created_at BETWEEN $${params.length - 1} AND $${params.length})`);
  }
  // Only this buyer's attempts, never anyone else's (even with a valid transaction id).
  return ok(await claimCandidates(deps.ds.manager, where, params, MAX_CANDIDATES));
}

/** What the provider's answer about a candidate tells the customer, when it did not confirm a payment. */
function findingOf(attempt: PaymentAttempt, input: SettleInput): Found {
  const unreachable = input.outcome === 'pending' && (input.exchange?.httpStatus === null || (input.exchange?.httpStatus ?? 0) >= 500);
  const finding: ClaimFinding = input.outcome === 'pending' ? (unreachable ? 'unreachable' : 'still-pending') : 'not-paid';
  const message =
    finding === 'unreachable'
      ? CLAIM_MESSAGES.unreachable
      : finding === 'still-pending'
        ? CLAIM_MESSAGES.stillPending
        : CLAIM_MESSAGES.notPaid(failureMessage(input.outcome as 'failed' | 'expired' | 'canceled', input.reasonCode ?? null));
  return { orderId: attempt.orderId, attemptId: attempt.id, finding, message };
}

/**
 * "J'ai payé mais je n'ai pas accès": finds the buyer's own candidate attempts (by order, by the
 * operator's transaction id, or by phone and time), asks each provider, and settles: the order
 * completes if the provider says it was paid; otherwise it explains, in French, what it found.
 */
export async function claimPayment(deps: CommerceDeps, user: AuthUser, raw: unknown): Promise<Result<PaymentClaimResult>> {
  const parsed = parseInput(claimInput, raw);
  if (!parsed.ok) return parsed;
  const input = parsed.value;
  if (!input.orderId && !input.operatorTransactionId && !(input.phone && input.paidAt)) {
    return refused('MISSING_INFORMATION', TEXT.missingInformation, { field: input.phone ? 'paidAt' : 'operatorTransactionId' });
  }
  if (!(await allowClaim(deps, user.userId))) return refused('RATE_LIMITED', CLAIM_MESSAGES.tooMany);
  const found = await candidates(deps, user, input);
  if (!found.ok) return found;
  if (!found.value.length) {
    await recordUnconfirmedClaim(deps, user, input, null);
    return ok({ order: null, resolved: false, message: CLAIM_MESSAGES.notFound, error: null });
  }
  let first: Found | null = null;
  for (const attempt of found.value) {
    const order = await viewOf(deps, attempt.orderId, false);
    if (order?.status === 'COMPLETED') return ok({ order, resolved: true, message: CLAIM_MESSAGES.alreadyPaid, error: null });
    const answer = await askProvider(deps, attempt);
    await settle(deps, attempt.id, answer);
    if (answer.outcome === 'completed') {
      return ok({ order: await viewOf(deps, attempt.orderId, false), resolved: true, message: CLAIM_MESSAGES.resolved, error: null });
    }
    first ??= findingOf(attempt, answer);
  }
  await recordUnconfirmedClaim(deps, user, input, first);
  return ok({ order: first ? await viewOf(deps, first.orderId, false) : null, resolved: false, message: first?.message ?? CLAIM_MESSAGES.notFound, error: null });
}
