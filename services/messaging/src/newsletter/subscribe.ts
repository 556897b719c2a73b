import { ok, parseInput, recordAdminAction, settle, type AdminActor, type Result } from '@lbf/service-kit';
import type { EntityManager } from 'typeorm';
import { dispatchMail, queueMail } from '../mail';
import type { MessagingDeps } from '../shared/deps';
import { refusal, userError } from '../shared/errors';
import { allowSubscribe } from './rate-limit';
import { confirmationDedupeKey, NEWSLETTER_TEXT, subscribeAction, subscribeInput, tokenArgs } from './rules';
import {
  activate,
  confirmationQueued,
  insertPending,
  isErasedAddress,
  lockSubscriberById,
  lockSubscriberByEmail,
  lockSubscriberByTokenHash,
  renewPending,
  unsubscribe,
  type NewsletterSourceDb,
} from './store';
import { CONFIRM_TOKEN_TTL_MS, newConfirmToken, readUnsubscribeToken, sha256Hex } from './tokens';

export type { NewsletterSourceDb };

/** The public page that confirms with a POST (a scanner following the link confirms nothing). */
export const confirmUrlOf = (publicUrl: string, token: string) => `${publicUrl}/newsletter/confirmation/${token}`;

/**
 * The footer's and the catalogue's box. The answer is the same whatever the address's state (the
 * caller learns nothing about who is subscribed); a confirmation mail goes out when one is due:
 * new, pending or unsubscribed addresses get a fresh token (the previous link stops working) and a
 * mail, at most one new mail per address per 10 minutes; active, bounced and complained ones get
 * nothing, nor does a deleted account's address (its hash is on the suppression list: never mailed again).
 */
export async function subscribeNewsletter(deps: MessagingDeps, rawArgs: unknown, ip: string | null): Promise<Result<true>> {
  const parsed = parseInput(subscribeInput, rawArgs);
  if (!parsed.ok) return parsed;
  const input = parsed.value;
  if (!(await allowSubscribe(deps, ip, input.email))) return refusal('RATE_LIMITED', NEWSLETTER_TEXT.rateLimited);
  const now = deps.now();
  const deliveryId = await deps.uow.run(({ manager }) => requestConfirmation(deps, manager, input, ip, now));
  await dispatchMail(deps, [deliveryId]);
  return ok(true);
}

/** The subscriber pending with a fresh token and its confirmation mail queued; the delivery's id, or null when no mail is due. */
async function requestConfirmation(
  deps: MessagingDeps,
  manager: EntityManager,
  input: { email: string; source: NewsletterSourceDb },
  ip: string | null,
  now: Date,
): Promise<string | null> {
  if (await isErasedAddress(manager, input.email)) return null;
  const row = await lockSubscriberByEmail(manager, input.email);
  const action = subscribeAction(row?.status ?? null);
  if (action === 'nothing') return null;
  const dedupeKey = confirmationDedupeKey(input.email, now);
  // Asked again within the window: the mail already on its way keeps a working link.
  if (row && (await confirmationQueued(manager, dedupeKey))) return null;
  const { token, hash } = newConfirmToken();
  const request = { source: input.source, at: now, ip, tokenHash: hash, expires: new Date(now.getTime() + CONFIRM_TOKEN_TTL_MS) };
  if (row) {
    await renewPending(manager, row.id, request);
  } else if (!(await insertPending(manager, input.email, request))) {
    // A parallel request created it first: that one sends the mail.
    return null;
  }
  return queueMail(manager, {
    purpose: 'newsletter_confirmation',
    dedupeKey,
    to: input.email,
    subject: NEWSLETTER_TEXT.confirmationSubject,
    data: { confirmUrl: confirmUrlOf(deps.config.publicUrl, token) },
  });
}

/**
 * The confirmation page's POST: the address becomes active (consent time and IP kept), its
 * 'unsubscribed' suppression goes (a bounce or a complaint stays), and analytics hears of it.
 */
export async function confirmNewsletter(deps: MessagingDeps, rawArgs: unknown, ip: string | null): Promise<Result<true>> {
  const parsed = parseInput(tokenArgs, rawArgs);
  if (!parsed.ok) return parsed;
  const token = parsed.value.token;
  const now = deps.now();
  const invalid = () => userError('INVALID_TOKEN', NEWSLETTER_TEXT.confirmInvalid, { field: 'token' });
  if (token.length < 20 || token.length > 200) return { ok: false, error: invalid() };
  const confirmed = await settle(() =>
    deps.uow.run(async ({ manager, emit }) => {
      const row = await lockSubscriberByTokenHash(manager, sha256Hex(token));
      if (!row || !row.confirm_expires_at || row.confirm_expires_at.getTime() < now.getTime()) throw invalid();
      // The token lives on until it expires, so a second press or a reopened link says 'confirmed'
      // again (nothing recorded twice); unsubscribing or a new request replaces it.
      if (row.status === 'active') return;
      if (row.status !== 'pending') throw invalid();
      await activate(manager, row, now, ip);
      await emit('messaging.newsletter.subscribed', { subscriberId: row.id, source: row.source, confirmedAt: now.toISOString() });
    }),
  );
  return confirmed.ok ? ok(true) : confirmed;
}

/**
 * Unsubscribes at once (the page, the one-click POST, the back-office): status 'unsubscribed',
 * its time, and the address on the suppression list, which every send checks. A bounced or
 * complained address keeps its status and its reason. Null when no such subscriber. `admin`: done
 * by an administrator (« Abonné supprimé »), recorded in the journal in the same transaction.
 */
export async function unsubscribeSubscriber(deps: MessagingDeps, subscriberId: string, admin?: AdminActor): Promise<{ id: string; email: string } | null> {
  const now = deps.now();
  return deps.uow.run(async (tx) => {
    const row = await lockSubscriberById(tx.manager, subscriberId);
    if (!row) return null;
    await unsubscribe(tx.manager, row, now);
    // An administrator's « Abonné supprimé » is in their journal; the subscriber's own link is not.
    if (admin) await recordAdminAction(tx, admin, 'subscriber.unsubscribed', { id: row.id, label: row.email }, { statusBefore: row.status });
    return { id: row.id, email: row.email };
  });
}

/** The signed token of a mail's unsubscribe link (the page's mutation); a token that is not ours is a French refusal. */
export async function unsubscribeByToken(deps: MessagingDeps, rawArgs: unknown): Promise<Result<true>> {
  const parsed = parseInput(tokenArgs, rawArgs);
  if (!parsed.ok) return parsed;
  return unsubscribeWithToken(deps, parsed.value.token);
}

/** The same from the one-click POST's path (any string): INVALID_TOKEN unless the token is ours. */
export async function unsubscribeWithToken(deps: MessagingDeps, token: string): Promise<Result<true>> {
  const subscriberId = readUnsubscribeToken(deps.config.mailLinkSecret, token);
  if (!subscriberId) return refusal('INVALID_TOKEN', NEWSLETTER_TEXT.unsubscribeInvalid, { field: 'token' });
  await unsubscribeSubscriber(deps, subscriberId);
  return ok(true);
}
