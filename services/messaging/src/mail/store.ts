import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { containsPattern, queryRows } from '@lbf/service-kit';
import { suppressionHash } from '../shared/email';
import type { MailPurpose, TemplateData } from './template-data';
import type { MAIL_STATUSES } from './rules';

/**
 * The mail module's one door to its tables (raw SQL through the EntityManager): `mail_deliveries`,
 * `suppressions` and the `site_settings` read model. Every other file of the module goes through it.
 */

export type DeliveryStatus = (typeof MAIL_STATUSES)[number];

/** A mail_deliveries row as SQL returns it. */
export interface DeliveryRow {
  id: string;
  purpose: MailPurpose;
  dedupe_key: string;
  recipient: string;
  subject: string;
  data: TemplateData[MailPurpose];
  status: DeliveryStatus;
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

/** One logical mail to queue: `dedupeKey` names it among its purpose's mails (an event id, a reset id, a campaign+subscriber). */
export interface QueueMailInput<P extends MailPurpose> {
  purpose: P;
  dedupeKey: string;
  /** Normalised address (shared/email.ts). */
  to: string;
  /** Shown in the back-office's deliveries list; the mail's own subject is rendered at send time from `data`. */
  subject: string;
  data: TemplateData[P];
  campaignId?: string;
  subscriberId?: string;
}

/**
 * Serialises, per address, the queuing of a mail with an erasure (transaction-scoped advisory lock):
 * without it a mail queued while the person is being erased commits after the erasure, unseen by it.
 */
export async function lockAddress(manager: EntityManager, address: string): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('mail:' || $1, 0))`, [suppressionHash(address)]);
}

/**
 * The new row's id, or null when (purpose, dedupeKey) already has one, or when the address belongs to
 * an erased account (its hash on the suppression list, reason 'erased') that nobody has registered
 * with since: an event that arrives after the erasure (a late receipt, say) must not write the
 * person's name and address back.
 */
export async function insertDelivery<P extends MailPurpose>(manager: EntityManager, input: QueueMailInput<P>): Promise<string | null> {
  await lockAddress(manager, input.to);
  const rows = (await manager.query(
    `INSERT INTO mail_deliveries (id, purpose, dedupe_key, recipient, subject, data, campaign_id, subscriber_id)
     SELECT $1::uuid, $2, $3, $4, $5, $6::jsonb, $7::uuid, $8::uuid
      WHERE NOT EXISTS (SELECT 1 FROM suppressions WHERE email_hash = $9 AND reason = 'erased')
         OR EXISTS (SELECT 1 FROM users WHERE email = $4)
     ON CONFLICT (purpose, dedupe_key) DO NOTHING
     RETURNING id`,
    [
      randomUUID(),
      input.purpose,
      input.dedupeKey,
      input.to,
      input.subject,
      JSON.stringify(input.data),
      input.campaignId ?? null,
      input.subscriberId ?? null,
      suppressionHash(input.to),
    ],
  )) as Array<{ id: string }>;
  return rows.length ? rows[0].id : null;
}

/** queued -> sending, one more attempt; null when the row is not queued (another worker has it, or it is done). */
export async function claimDelivery(manager: EntityManager, id: string): Promise<DeliveryRow | null> {
  const [row] = await queryRows<DeliveryRow>(
    manager,
    `UPDATE mail_deliveries SET status = 'sending', attempts = attempts + 1, claimed_at = now(), updated_at = now()
     WHERE id = $1 AND status = 'queued' RETURNING *`,
    [id],
  );
  return row ?? null;
}

/** A campaign mail whose address is suppressed (matched by its hash) or whose subscriber is no longer active is not sent. */
export async function campaignMailBlocked(manager: EntityManager, recipient: string, subscriberId: string | null): Promise<boolean> {
  const [row] = (await manager.query(
    `SELECT (EXISTS (SELECT 1 FROM suppressions WHERE email_hash = $1)
        OR NOT EXISTS (SELECT 1 FROM newsletter_subscribers WHERE id = $2 AND status = 'active')) AS blocked`,
    [suppressionHash(recipient), subscriberId],
  )) as Array<{ blocked: boolean }>;
  return row.blocked;
}

/** sending -> its outcome; false when the row was no longer 'sending' (settled by someone else). */
export async function settleDelivery(
  manager: EntityManager,
  id: string,
  outcome: 'sent' | 'failed' | 'suppressed',
  set: { lastError?: string | null; messageId?: string | null },
): Promise<boolean> {
  const updated = await queryRows<{ id: string }>(
    manager,
    `UPDATE mail_deliveries SET status = $2, last_error = $3, smtp_message_id = COALESCE($4, smtp_message_id),
       sent_at = CASE WHEN $2 = 'sent' THEN now() ELSE sent_at END, updated_at = now()
     WHERE id = $1 AND status = 'sending' RETURNING id`,
    [id, outcome, set.lastError ?? null, set.messageId ?? null],
  );
  return updated.length > 0;
}

/** A hard bounce: the address on the suppression list, and its newsletter subscription bounced. */
export async function suppressBounced(manager: EntityManager, recipient: string, detail: string): Promise<void> {
  await manager.query(`INSERT INTO suppressions (email, email_hash, reason, detail) VALUES ($1, $3, 'bounced', $2) ON CONFLICT (email_hash) DO NOTHING`, [
    recipient,
    detail,
    suppressionHash(recipient),
  ]);
  await manager.query(`UPDATE newsletter_subscribers SET status = 'bounced', updated_at = now() WHERE email = $1 AND status IN ('pending', 'active')`, [recipient]);
}

/** A transient failure: the row back to 'queued' with its error, for the job's next try. */
export async function requeueSending(manager: EntityManager, id: string, error: string): Promise<void> {
  await manager.query(`UPDATE mail_deliveries SET status = 'queued', last_error = $2, updated_at = now() WHERE id = $1 AND status = 'sending'`, [id, error]);
}

/** A FAILED row back to 'queued' (a retry); null when it is not failed or does not exist. */
export async function requeueFailed(manager: EntityManager, id: string): Promise<DeliveryRow | null> {
  const [row] = await queryRows<DeliveryRow>(manager, `UPDATE mail_deliveries SET status = 'queued', updated_at = now() WHERE id = $1 AND status = 'failed' RETURNING *`, [id]);
  return row ?? null;
}

export async function deliveryExists(manager: EntityManager, id: string): Promise<boolean> {
  return ((await manager.query(`SELECT 1 FROM mail_deliveries WHERE id = $1`, [id])) as unknown[]).length > 0;
}

/** Rows 'sending' past their lease (a worker died mid-send) back to 'queued'. */
export async function reclaimExpired(manager: EntityManager, leaseMs: number): Promise<Array<{ id: string; purpose: MailPurpose }>> {
  return queryRows<{ id: string; purpose: MailPurpose }>(
    manager,
    `UPDATE mail_deliveries SET status = 'queued', updated_at = now(),
       last_error = COALESCE(last_error, 'Envoi interrompu : nouvel essai.')
     WHERE status = 'sending' AND claimed_at < now() - make_interval(secs => $1::double precision / 1000)
     RETURNING id, purpose`,
    [leaseMs],
  );
}

/** Queued rows untouched for `afterMs` (their dispatch may have been lost), oldest first. */
export async function staleQueued(manager: EntityManager, afterMs: number): Promise<Array<{ id: string; purpose: MailPurpose }>> {
  return (await manager.query(
    `SELECT id, purpose FROM mail_deliveries WHERE status = 'queued' AND updated_at < now() - make_interval(secs => $1::double precision / 1000)
     ORDER BY created_at LIMIT 1000`,
    [afterMs],
  )) as Array<{ id: string; purpose: MailPurpose }>;
}

export type DeliveryListRow = Pick<DeliveryRow, 'id' | 'purpose' | 'recipient' | 'subject' | 'status' | 'attempts' | 'last_error' | 'created_at' | 'sent_at'>;

/** Newest first; `search` matches the recipient (case-insensitive substring). */
export async function listDeliveries(
  manager: EntityManager,
  filter: { status?: string | null; purpose?: string | null; search?: string | null },
  limit: number,
  offset: number,
): Promise<{ rows: DeliveryListRow[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.status) where.push(`status = $${params.push(filter.status.toLowerCase())}`);
  if (filter.purpose) where.push(`purpose = $${params.push(filter.purpose.toLowerCase())}`);
  const search = filter.search?.trim();
  if (search) where.push(`recipient ILIKE $${params.push(containsPattern(search.toLowerCase()))}`);
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const [{ total }] = (await manager.query(`SELECT count(*)::int AS total FROM mail_deliveries ${clause}`, params)) as Array<{ total: number }>;
  const rows = (await manager.query(
    `SELECT id, purpose, recipient, subject, status, attempts, last_error, created_at, sent_at FROM mail_deliveries ${clause}
     ORDER BY created_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, limit, offset],
  )) as DeliveryListRow[];
  return { rows, total };
}

export interface SiteSettingsRow {
  site_name: string;
  site_logo: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  legal_name: string | null;
  legal_address: string | null;
  tax_id: string | null;
}

export async function loadSiteSettings(manager: EntityManager): Promise<SiteSettingsRow | null> {
  const rows = (await manager.query(
    `SELECT site_name, site_logo, contact_email, contact_phone, legal_name, legal_address, tax_id FROM site_settings WHERE id = 1`,
  )) as SiteSettingsRow[];
  return rows[0] ?? null;
}

/** The newest occurredAt wins (an older or replayed event changes nothing). */
export async function upsertSiteSettings(manager: EntityManager, values: SiteSettingsRow & { occurred_at: string }): Promise<void> {
  await manager.query(
    `INSERT INTO site_settings (id, site_name, site_logo, contact_email, contact_phone, legal_name, legal_address, tax_id, occurred_at)
     VALUES (1, $1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (id) DO UPDATE SET site_name = EXCLUDED.site_name, site_logo = EXCLUDED.site_logo,
       contact_email = EXCLUDED.contact_email, contact_phone = EXCLUDED.contact_phone, legal_name = EXCLUDED.legal_name,
       legal_address = EXCLUDED.legal_address, tax_id = EXCLUDED.tax_id, occurred_at = EXCLUDED.occurred_at
     WHERE site_settings.occurred_at <= EXCLUDED.occurred_at`,
    [values.site_name, values.site_logo, values.contact_email, values.contact_phone, values.legal_name, values.legal_address, values.tax_id, values.occurred_at],
  );
}
