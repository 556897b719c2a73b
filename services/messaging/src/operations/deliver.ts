import type { EntityManager } from 'typeorm';
import { renderMail } from '../mail/render';
import type { MailPurpose, TemplateData } from '../mail/template-data';
import { isPermanentSmtpError, isRecipientRefused, mailTransport, smtpErrorText } from '../mail/transport';
import type { MessagingDeps } from './deps';
import { onNewsletterDeliverySettled } from './newsletter-render';
import { loadSiteIdentity } from './site-settings';

export type DeliveryOutcome = 'sent' | 'failed' | 'suppressed' | 'skipped';

/** A mail_deliveries row as SQL returns it. */
export interface DeliveryRow {
  id: string;
  purpose: MailPurpose;
  dedupe_key: string;
  recipient: string;
  subject: string;
  data: TemplateData[MailPurpose];
  status: 'queued' | 'sending' | 'sent' | 'failed' | 'suppressed';
  attempts: number;
  last_error: string | null;
  smtp_message_id: string | null;
  campaign_id: string | null;
  subscriber_id: string | null;
  created_at: Date;
  claimed_at: Date | null;
  sent_at: Date | null;
  updated_at: Date;
}

/** A transient failure the job must retry (the row is back to 'queued'). */
export class TransientMailError extends Error {
  constructor(message: string, readonly deliveryId: string) {
    super(message);
    this.name = 'TransientMailError';
  }
}

/** UPDATE ... RETURNING through TypeORM (which answers [rows, count] for an UPDATE on Postgres). */
export async function updateReturning<T>(manager: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  const raw = (await manager.query(sql, params)) as unknown;
  if (Array.isArray(raw) && raw.length === 2 && Array.isArray(raw[0]) && typeof raw[1] === 'number') return raw[0] as T[];
  return raw as T[];
}

/** The deterministic Message-ID of a delivery: a resend of the same row carries the same one (receivers fold duplicates). */
export function messageIdOf(deliveryId: string, publicUrl: string): string {
  let host = 'lbf.local';
  try {
    host = new URL(publicUrl).hostname || host;
  } catch {
    // keep the fallback host
  }
  return `<${deliveryId}@${host}>`;
}

async function settle(
  deps: MessagingDeps,
  row: DeliveryRow,
  outcome: 'sent' | 'failed' | 'suppressed',
  set: { lastError?: string | null; messageId?: string | null },
  more?: (manager: EntityManager) => Promise<void>,
): Promise<void> {
  await deps.uow.run(async ({ manager }) => {
    const updated = await updateReturning<{ id: string }>(
      manager,
      `UPDATE mail_deliveries SET status = $2, last_error = $3, smtp_message_id = COALESCE($4, smtp_message_id),
         sent_at = CASE WHEN $2 = 'sent' THEN now() ELSE sent_at END, updated_at = now()
       WHERE id = $1 AND status = 'sending' RETURNING id`,
      [row.id, outcome, set.lastError ?? null, set.messageId ?? null],
    );
    if (!updated.length) return;
    if (more) await more(manager);
    if (row.purpose === 'newsletter_campaign') await onNewsletterDeliverySettled(deps, manager, row, outcome);
  });
}

/**
 * Sends one delivery row, at most once: claim it (queued -> sending) before talking to SMTP, mark
 * it after. Returns 'skipped' when the row is not queued (another worker has it, or it is done).
 * A permanent refusal (5xx) fails the row and suppresses the address; a transient error puts the
 * row back to 'queued' and throws (the job retries with back-off), or fails it on the last attempt.
 */
export async function deliverMail(deps: MessagingDeps, deliveryId: string, opts: { finalAttempt: boolean }): Promise<DeliveryOutcome> {
  const claimed = await updateReturning<DeliveryRow>(
    deps.ds.manager,
    `UPDATE mail_deliveries SET status = 'sending', attempts = attempts + 1, claimed_at = now(), updated_at = now()
     WHERE id = $1 AND status = 'queued' RETURNING *`,
    [deliveryId],
  );
  const row = claimed[0];
  if (!row) return 'skipped';

  if (row.purpose === 'newsletter_campaign') {
    const subscriberId = row.subscriber_id ?? (row.data as TemplateData['newsletter_campaign']).subscriberId ?? null;
    const [blocked] = (await deps.ds.query(
      `SELECT (EXISTS (SELECT 1 FROM suppressions WHERE email = $1)
          OR NOT EXISTS (SELECT 1 FROM newsletter_subscribers WHERE id = $2 AND status = 'active')) AS blocked`,
      [row.recipient, subscriberId],
    )) as Array<{ blocked: boolean }>;
    if (blocked.blocked) {
      await settle(deps, row, 'suppressed', { lastError: null });
      return 'suppressed';
    }
  }

  let rendered;
  let failure: unknown;
  try {
    const site = await loadSiteIdentity(deps);
    rendered = await renderMail(deps, row.purpose, row.data, site);
  } catch (err) {
    failure = err;
  }
  if (!failure && !rendered) {
    await settle(deps, row, 'failed', { lastError: 'Rien à envoyer : le contenu de ce message n’existe plus.' });
    return 'failed';
  }

  const messageId = messageIdOf(row.id, deps.config.publicUrl);
  if (!failure && rendered) {
    try {
      const info = await mailTransport(deps.config).sendMail({
        from: deps.config.mailFrom,
        to: row.recipient,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        headers: rendered.headers,
        list: rendered.list,
        attachments: rendered.attachments,
        messageId,
      });
      await settle(deps, row, 'sent', { lastError: null, messageId: info.messageId || messageId });
      return 'sent';
    } catch (err) {
      failure = err;
    }
  }

  const error = smtpErrorText(failure);
  if (isPermanentSmtpError(failure) && !isRecipientRefused(failure)) {
    deps.log.warn({ deliveryId: row.id, purpose: row.purpose, err: error }, 'mail refused for good');
    await settle(deps, row, 'failed', { lastError: error });
    return 'failed';
  }
  if (isRecipientRefused(failure)) {
    deps.log.warn({ deliveryId: row.id, purpose: row.purpose, err: error }, 'mail refused for good: address suppressed');
    await settle(deps, row, 'failed', { lastError: error }, async (manager) => {
      await manager.query(
        `INSERT INTO suppressions (email, reason, detail) VALUES ($1, 'bounced', $2) ON CONFLICT (email) DO NOTHING`,
        [row.recipient, error.slice(0, 500)],
      );
      await manager.query(
        `UPDATE newsletter_subscribers SET status = 'bounced', updated_at = now() WHERE email = $1 AND status IN ('pending', 'active')`,
        [row.recipient],
      );
    });
    return 'failed';
  }
  if (opts.finalAttempt) {
    deps.log.warn({ deliveryId: row.id, purpose: row.purpose, err: error }, 'mail failed after its last attempt');
    await settle(deps, row, 'failed', { lastError: error });
    return 'failed';
  }
  await deps.ds.query(
    `UPDATE mail_deliveries SET status = 'queued', last_error = $2, updated_at = now() WHERE id = $1 AND status = 'sending'`,
    [row.id, error],
  );
  throw new TransientMailError(error, row.id);
}

// ───────────── Back-office: the deliveries list and retrying a failed mail ─────────────

export interface DeliveryView {
  id: string;
  purpose: string;
  recipient: string;
  subject: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

export function deliveryView(r: Pick<DeliveryRow, 'id' | 'purpose' | 'recipient' | 'subject' | 'status' | 'attempts' | 'last_error' | 'created_at' | 'sent_at'>): DeliveryView {
  return {
    id: r.id,
    purpose: r.purpose.toUpperCase(),
    recipient: r.recipient,
    subject: r.subject,
    status: r.status.toUpperCase(),
    attempts: r.attempts,
    lastError: r.last_error,
    createdAt: new Date(r.created_at).toISOString(),
    sentAt: r.sent_at ? new Date(r.sent_at).toISOString() : null,
  };
}

/** Newest first; `search` matches the recipient (case-insensitive substring). */
export async function listMailDeliveries(
  deps: Pick<MessagingDeps, 'ds'>,
  filter: { status?: string | null; purpose?: string | null; search?: string | null },
  page: number,
  pageSize: number,
): Promise<{ items: DeliveryView[]; total: number; page: number; pageSize: number }> {
  const size = Math.min(Math.max(pageSize, 1), 100);
  const current = Math.max(page, 1);
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.status) where.push(`status = $${params.push(filter.status.toLowerCase())}`);
  if (filter.purpose) where.push(`purpose = $${params.push(filter.purpose.toLowerCase())}`);
  const search = filter.search?.trim();
  if (search) where.push(`recipient ILIKE $${params.push(`%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const [{ total }] = (await deps.ds.query(`SELECT count(*)::int AS total FROM mail_deliveries ${clause}`, params)) as Array<{ total: number }>;
  const rows = (await deps.ds.query(
    `SELECT id, purpose, recipient, subject, status, attempts, last_error, created_at, sent_at FROM mail_deliveries ${clause}
     ORDER BY created_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, size, (current - 1) * size],
  )) as DeliveryRow[];
  return { items: rows.map(deliveryView), total, page: current, pageSize: size };
}
