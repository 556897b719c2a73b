import { UserError } from '@lbf/service-kit';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { CONFIRM_TOKEN_TTL_MS, newConfirmToken, readUnsubscribeToken, sha256Hex } from '../domain/newsletter-tokens';
import { confirmationDedupeKey, NEWSLETTER_TEXT, subscribeAction, type SubscriberStatusDb } from '../domain/newsletter-rules';
import type { MessagingDeps } from './deps';
import { allowSubscribe } from './newsletter-rate-limit';
import { dispatchMail, queueMail } from './outbound-mail';

export type NewsletterSourceDb = 'footer' | 'catalogue';

/** The public page that confirms with a POST (a scanner following the link confirms nothing). */
export const confirmUrlOf = (publicUrl: string, token: string) => `${publicUrl}/newsletter/confirmation/${token}`;

/**
 * The footer's and the catalogue's box. The answer is the same whatever the address's state (the
 * caller learns nothing about who is subscribed); a confirmation mail goes out when one is due:
 * new, pending or unsubscribed addresses get a fresh token (the previous link stops working) and a
 * mail, at most one new mail per address per 10 minutes; active, bounced and complained ones get
 * nothing.
 */
export async function subscribeNewsletter(deps: MessagingDeps, input: { email: string; source: NewsletterSourceDb }, ip: string | null): Promise<true> {
  if (!(await allowSubscribe(deps, ip, input.email))) throw new UserError('RATE_LIMITED', NEWSLETTER_TEXT.rateLimited);
  const now = deps.now();
  const deliveryId = await deps.uow.run(async ({ manager }) => {
    const [row] = (await manager.query(`SELECT id, status FROM newsletter_subscribers WHERE email = $1 FOR UPDATE`, [input.email])) as Array<{ id: string; status: SubscriberStatusDb }>;
    const action = subscribeAction(row?.status ?? null);
    if (action === 'nothing') return null;
    const dedupeKey = confirmationDedupeKey(input.email, now);
    // Asked again within the window: the mail already on its way keeps a working link.
    if (row && (await alreadyAsked(manager, dedupeKey))) return null;
    const { token, hash } = newConfirmToken();
    const expires = new Date(now.getTime() + CONFIRM_TOKEN_TTL_MS);
    if (row) {
      await manager.query(
        `UPDATE newsletter_subscribers SET status = 'pending', source = $2, subscribed_at = $3, request_ip = $4, confirm_token_hash = $5,
           confirm_expires_at = $6, updated_at = $3 WHERE id = $1`,
        [row.id, input.source, now, ip, hash, expires],
      );
    } else {
      const inserted = (await manager.query(
        `INSERT INTO newsletter_subscribers (id, email, status, source, subscribed_at, request_ip, confirm_token_hash, confirm_expires_at, updated_at)
         VALUES ($1, $2, 'pending', $3, $4, $5, $6, $7, $4) ON CONFLICT (email) DO NOTHING RETURNING id`,
        [randomUUID(), input.email, input.source, now, ip, hash, expires],
      )) as unknown[];
      // A parallel request created it first: that one sends the mail.
      if (!inserted.length) return null;
    }
    return queueMail(manager, {
      purpose: 'newsletter_confirmation',
      dedupeKey,
      to: input.email,
      subject: NEWSLETTER_TEXT.confirmationSubject,
      data: { confirmUrl: confirmUrlOf(deps.config.publicUrl, token) },
    });
  });
  await dispatchMail(deps, [deliveryId]);
  return true;
}

async function alreadyAsked(manager: EntityManager, dedupeKey: string): Promise<boolean> {
  const rows = (await manager.query(`SELECT 1 FROM mail_deliveries WHERE purpose = 'newsletter_confirmation' AND dedupe_key = $1`, [dedupeKey])) as unknown[];
  return rows.length > 0;
}

/**
 * The confirmation page's POST: the address becomes active (consent time and IP kept), its
 * 'unsubscribed' suppression goes (a bounce or a complaint stays), and analytics hears of it.
 */
export async function confirmNewsletter(deps: MessagingDeps, token: string, ip: string | null): Promise<true> {
  const now = deps.now();
  const invalid = () => new UserError('INVALID_TOKEN', NEWSLETTER_TEXT.confirmInvalid, { field: 'token' });
  if (typeof token !== 'string' || token.length < 20 || token.length > 200) throw invalid();
  await deps.uow.run(async ({ manager, emit }) => {
    const [row] = (await manager.query(
      `SELECT id, email, status, source, confirm_expires_at FROM newsletter_subscribers WHERE confirm_token_hash = $1 FOR UPDATE`,
      [sha256Hex(token)],
    )) as Array<{ id: string; email: string; status: SubscriberStatusDb; source: NewsletterSourceDb; confirm_expires_at: Date | null }>;
    if (!row || !row.confirm_expires_at || row.confirm_expires_at.getTime() < now.getTime()) throw invalid();
    // The token lives on until it expires, so a second press or a reopened link says 'confirmed'
    // again (nothing recorded twice); unsubscribing or a new request replaces it.
    if (row.status === 'active') return;
    if (row.status !== 'pending') throw invalid();
    await manager.query(
      `UPDATE newsletter_subscribers SET status = 'active', confirmed_at = $2, confirm_ip = $3, unsubscribed_at = NULL, updated_at = $2 WHERE id = $1`,
      [row.id, now, ip],
    );
    await manager.query(`DELETE FROM suppressions WHERE email = $1 AND reason = 'unsubscribed'`, [row.email]);
    await emit('messaging.newsletter.subscribed', { subscriberId: row.id, source: row.source, confirmedAt: now.toISOString() });
  });
  return true;
}

/**
 * Unsubscribes at once (the page, the one-click POST, the back-office): status 'unsubscribed',
 * its time, and the address on the suppression list, which every send checks. A bounced or
 * complained address keeps its status and its reason. Null when no such subscriber.
 */
export async function unsubscribeSubscriber(deps: MessagingDeps, subscriberId: string): Promise<{ id: string; email: string } | null> {
  const now = deps.now();
  return deps.uow.run(async ({ manager }) => {
    const [row] = (await manager.query(`SELECT id, email, status FROM newsletter_subscribers WHERE id = $1 FOR UPDATE`, [subscriberId])) as Array<{
      id: string;
      email: string;
      status: SubscriberStatusDb;
    }>;
    if (!row) return null;
    if (row.status === 'pending' || row.status === 'active') {
      await manager.query(
        `UPDATE newsletter_subscribers SET status = 'unsubscribed', unsubscribed_at = $2, confirm_token_hash = NULL, confirm_expires_at = NULL, updated_at = $2 WHERE id = $1`,
        [row.id, now],
      );
    }
    await manager.query(`INSERT INTO suppressions (email, reason, detail, created_at) VALUES ($1, 'unsubscribed', 'newsletter', $2) ON CONFLICT (email) DO NOTHING`, [row.email, now]);
    return { id: row.id, email: row.email };
  });
}

/** The signed token of a mail's unsubscribe link; a token that is not ours is a French refusal. */
export async function unsubscribeByToken(deps: MessagingDeps, token: string): Promise<true> {
  const subscriberId = readUnsubscribeToken(deps.config.mailLinkSecret, token);
  if (!subscriberId) throw new UserError('INVALID_TOKEN', NEWSLETTER_TEXT.unsubscribeInvalid, { field: 'token' });
  await unsubscribeSubscriber(deps, subscriberId);
  return true;
}
