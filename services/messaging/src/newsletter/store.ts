import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { SubscriberStatus } from '../generated/graphql';
import { containsPattern, queryRows } from '@lbf/service-kit';
import { suppressionHash } from '../shared/email';
import type { CampaignCounters, SubscriberStatusDb } from './rules';

/**
 * The newsletter's one door to its tables (raw SQL through the EntityManager):
 * `newsletter_subscribers`, `campaigns`, `campaign_links`, `campaign_clicks`, `suppressions` (the
 * unsubscribed ones) and the campaign rows of `mail_deliveries` (the fan-out and the counters).
 */

export type NewsletterSourceDb = 'footer' | 'catalogue';

// ───────────── Subscribers ─────────────

export interface SubscriberRow {
  id: string;
  email: string;
  status: SubscriberStatusDb;
  source: NewsletterSourceDb;
  subscribed_at: Date;
  confirmed_at: Date | null;
  unsubscribed_at: Date | null;
}

const SUBSCRIBER_COLUMNS = 'id, email, status, source, subscribed_at, confirmed_at, unsubscribed_at';

function subscriberFilter(search: string | null | undefined, status: SubscriberStatus | null | undefined) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (status) {
    params.push(status.toLowerCase());
    where.push(`status = $${params.length}`);
  }
  const term = (search ?? '').trim().toLowerCase();
  if (term) {
    params.push(containsPattern(term));
    where.push(`email LIKE $${params.length}`);
  }
  return { where: where.length ? `WHERE ${where.join(' AND ')}` : '', params };
}

export interface SubscriberFilter {
  search?: string | null;
  status?: SubscriberStatus | null;
}

/** A page of subscribers (newest first) and the filter's total; every one when `page` is null (the CSV). */
export async function subscriberRows(manager: EntityManager, filter: SubscriberFilter, page: { limit: number; offset: number } | null): Promise<{ rows: SubscriberRow[]; total: number }> {
  const { where, params } = subscriberFilter(filter.search, filter.status);
  if (!page) {
    const rows = (await manager.query(`SELECT ${SUBSCRIBER_COLUMNS} FROM newsletter_subscribers ${where} ORDER BY subscribed_at DESC, id`, params)) as SubscriberRow[];
    return { rows, total: rows.length };
  }
  const [{ n }] = (await manager.query(`SELECT count(*)::int AS n FROM newsletter_subscribers ${where}`, params)) as Array<{ n: number }>;
  const rows = (await manager.query(
    `SELECT ${SUBSCRIBER_COLUMNS} FROM newsletter_subscribers ${where} ORDER BY subscribed_at DESC, id LIMIT ${page.limit} OFFSET ${page.offset}`,
    params,
  )) as SubscriberRow[];
  return { rows, total: n };
}

export async function subscriberRow(manager: EntityManager, id: string): Promise<SubscriberRow | null> {
  const [row] = (await manager.query(`SELECT ${SUBSCRIBER_COLUMNS} FROM newsletter_subscribers WHERE id = $1`, [id])) as SubscriberRow[];
  return row ?? null;
}

export async function subscriberCounts(manager: EntityManager): Promise<{ active: number; pending: number }> {
  const [counts] = (await manager.query(
    `SELECT count(*) FILTER (WHERE status = 'active')::int AS active, count(*) FILTER (WHERE status = 'pending')::int AS pending FROM newsletter_subscribers`,
  )) as Array<{ active: number; pending: number }>;
  return counts;
}

/** Sign-ups since `since`, and how many were confirmed (the engagement figure before any campaign). */
export async function confirmationCounts(manager: EntityManager, since: Date): Promise<{ asked: number; confirmed: number }> {
  const [c] = (await manager.query(`SELECT count(*)::int AS asked, count(confirmed_at)::int AS confirmed FROM newsletter_subscribers WHERE subscribed_at >= $1`, [
    since,
  ])) as Array<{ asked: number; confirmed: number }>;
  return c;
}

/**
 * The address was a deleted account's: only its hash is left, on the suppression list, and it is
 * never mailed again, unless someone has registered with it since (the users read model knows it).
 */
export async function isErasedAddress(manager: EntityManager, email: string): Promise<boolean> {
  const rows = (await manager.query(
    `SELECT 1 FROM suppressions WHERE email_hash = $1 AND reason = 'erased' AND NOT EXISTS (SELECT 1 FROM users WHERE email = $2)`,
    [suppressionHash(email), email],
  )) as unknown[];
  return rows.length > 0;
}

export async function lockSubscriberByEmail(manager: EntityManager, email: string): Promise<{ id: string; status: SubscriberStatusDb } | null> {
  const [row] = (await manager.query(`SELECT id, status FROM newsletter_subscribers WHERE email = $1 FOR UPDATE`, [email])) as Array<{ id: string; status: SubscriberStatusDb }>;
  return row ?? null;
}

export interface PendingRequest {
  source: NewsletterSourceDb;
  at: Date;
  ip: string | null;
  tokenHash: string;
  expires: Date;
}

/** An existing address asked again: pending with a fresh token. */
export async function renewPending(manager: EntityManager, id: string, r: PendingRequest): Promise<void> {
  await manager.query(
    `UPDATE newsletter_subscribers SET status = 'pending', source = $2, subscribed_at = $3, request_ip = $4, confirm_token_hash = $5,
       confirm_expires_at = $6, updated_at = $3 WHERE id = $1`,
    [id, r.source, r.at, r.ip, r.tokenHash, r.expires],
  );
}

/** A new pending address; false when a parallel request created it first. */
export async function insertPending(manager: EntityManager, email: string, r: PendingRequest): Promise<boolean> {
  const inserted = (await manager.query(
    `INSERT INTO newsletter_subscribers (id, email, status, source, subscribed_at, request_ip, confirm_token_hash, confirm_expires_at, updated_at)
     VALUES ($1, $2, 'pending', $3, $4, $5, $6, $7, $4) ON CONFLICT (email) DO NOTHING RETURNING id`,
    [randomUUID(), email, r.source, r.at, r.ip, r.tokenHash, r.expires],
  )) as unknown[];
  return inserted.length > 0;
}

/** Whether this confirmation mail (its dedupe key) was queued already. */
export async function confirmationQueued(manager: EntityManager, dedupeKey: string): Promise<boolean> {
  const rows = (await manager.query(`SELECT 1 FROM mail_deliveries WHERE purpose = 'newsletter_confirmation' AND dedupe_key = $1`, [dedupeKey])) as unknown[];
  return rows.length > 0;
}

export async function lockSubscriberByTokenHash(
  manager: EntityManager,
  hash: string,
): Promise<{ id: string; email: string; status: SubscriberStatusDb; source: NewsletterSourceDb; confirm_expires_at: Date | null } | null> {
  const [row] = (await manager.query(`SELECT id, email, status, source, confirm_expires_at FROM newsletter_subscribers WHERE confirm_token_hash = $1 FOR UPDATE`, [
    hash,
  ])) as Array<{ id: string; email: string; status: SubscriberStatusDb; source: NewsletterSourceDb; confirm_expires_at: Date | null }>;
  return row ?? null;
}

/** Active with its consent (time, IP); its 'unsubscribed' suppression removed (a bounce or a complaint stays). */
export async function activate(manager: EntityManager, s: { id: string; email: string }, at: Date, ip: string | null): Promise<void> {
  await manager.query(`UPDATE newsletter_subscribers SET status = 'active', confirmed_at = $2, confirm_ip = $3, unsubscribed_at = NULL, updated_at = $2 WHERE id = $1`, [
    s.id,
    at,
    ip,
  ]);
  await manager.query(`DELETE FROM suppressions WHERE email_hash = $1 AND reason = 'unsubscribed'`, [suppressionHash(s.email)]);
}

export async function lockSubscriberById(manager: EntityManager, id: string): Promise<{ id: string; email: string; status: SubscriberStatusDb } | null> {
  const [row] = (await manager.query(`SELECT id, email, status FROM newsletter_subscribers WHERE id = $1 FOR UPDATE`, [id])) as Array<{
    id: string;
    email: string;
    status: SubscriberStatusDb;
  }>;
  return row ?? null;
}

/** Unsubscribed (a pending or active one; others keep their status) and the address suppressed. */
export async function unsubscribe(manager: EntityManager, s: { id: string; email: string; status: SubscriberStatusDb }, at: Date): Promise<void> {
  if (s.status === 'pending' || s.status === 'active') {
    await manager.query(
      `UPDATE newsletter_subscribers SET status = 'unsubscribed', unsubscribed_at = $2, confirm_token_hash = NULL, confirm_expires_at = NULL, updated_at = $2 WHERE id = $1`,
      [s.id, at],
    );
  }
  await manager.query(
    `INSERT INTO suppressions (email, email_hash, reason, detail, created_at) VALUES ($1, $3, 'unsubscribed', 'newsletter', $2) ON CONFLICT (email_hash) DO NOTHING`,
    [s.email, at, suppressionHash(s.email)],
  );
}

export async function subscriberExists(manager: EntityManager, id: string): Promise<boolean> {
  return ((await manager.query(`SELECT id FROM newsletter_subscribers WHERE id = $1`, [id])) as unknown[]).length > 0;
}

// ───────────── Campaigns ─────────────

export interface CampaignRow {
  id: string;
  subject: string;
  content_html: string;
  status: 'queued' | 'sending' | 'sent';
  total: number;
  sent: number;
  failed: number;
  suppressed: number;
  unique_clicks: number;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  sender_name: string;
}

const CAMPAIGN_COLUMNS = `c.id, c.subject, c.content_html, c.status, c.total, c.sent, c.failed, c.suppressed, c.created_at, c.started_at, c.finished_at, c.sender_name,
  (SELECT count(*)::int FROM campaign_clicks k WHERE k.campaign_id = c.id) AS unique_clicks`;

export async function campaignRow(manager: EntityManager, id: string): Promise<CampaignRow | null> {
  const [row] = (await manager.query(`SELECT ${CAMPAIGN_COLUMNS} FROM campaigns c WHERE c.id = $1`, [id])) as CampaignRow[];
  return row ?? null;
}

export async function campaignRows(manager: EntityManager, limit: number, offset: number): Promise<{ rows: CampaignRow[]; total: number }> {
  const [{ n }] = (await manager.query(`SELECT count(*)::int AS n FROM campaigns`)) as Array<{ n: number }>;
  const rows = (await manager.query(`SELECT ${CAMPAIGN_COLUMNS} FROM campaigns c ORDER BY c.created_at DESC, c.id LIMIT $1 OFFSET $2`, [limit, offset])) as CampaignRow[];
  return { rows, total: n };
}

export async function latestCampaign(manager: EntityManager): Promise<CampaignRow | null> {
  const [last] = (await manager.query(`SELECT ${CAMPAIGN_COLUMNS} FROM campaigns c ORDER BY c.created_at DESC, c.id LIMIT 1`)) as CampaignRow[];
  return last ?? null;
}

/** The last `count` sent campaigns' mails sent and unique clickers (the engagement figure). */
export async function recentCampaignClicks(manager: EntityManager, count: number): Promise<Array<{ sent: number; clickers: number }>> {
  return (await manager.query(
    `SELECT c.id, (SELECT count(*)::int FROM mail_deliveries d WHERE d.campaign_id = c.id AND d.status = 'sent') AS sent,
       (SELECT count(*)::int FROM campaign_clicks k WHERE k.campaign_id = c.id) AS clickers
     FROM campaigns c WHERE c.status = 'sent' ORDER BY c.created_at DESC LIMIT $1`,
    [count],
  )) as Array<{ sent: number; clickers: number }>;
}

/** A queued campaign (its total: the active subscribers now) and its tracked links; returns that total. */
export async function insertCampaign(
  manager: EntityManager,
  c: { id: string; subject: string; contentHtml: string; createdBy: string; senderName: string; createdAt: Date; links: Array<{ position: number; url: string }> },
): Promise<number> {
  const [row] = (await manager.query(
    `INSERT INTO campaigns (id, subject, content_html, status, total, created_by, sender_name, created_at)
     VALUES ($1, $2, $3, 'queued', (SELECT count(*) FROM newsletter_subscribers WHERE status = 'active'), $4, $5, $6) RETURNING total`,
    [c.id, c.subject, c.contentHtml, c.createdBy, c.senderName, c.createdAt],
  )) as Array<{ total: number | string }>;
  for (const link of c.links) {
    await manager.query(`INSERT INTO campaign_links (id, campaign_id, position, url) VALUES ($1, $2, $3, $4)`, [randomUUID(), c.id, link.position, link.url]);
  }
  return Number(row!.total);
}

/** What a campaign mail renders: subject, content and the link ids by position; null when the campaign is gone. */
export async function campaignContentRows(manager: EntityManager, campaignId: string): Promise<{ subject: string; contentHtml: string; links: Array<{ id: string; position: number }> } | null> {
  const [c] = (await manager.query(`SELECT subject, content_html FROM campaigns WHERE id = $1`, [campaignId])) as Array<{ subject: string; content_html: string }>;
  if (!c) return null;
  const links = (await manager.query(`SELECT id, position FROM campaign_links WHERE campaign_id = $1`, [campaignId])) as Array<{ id: string; position: number }>;
  return { subject: c.subject, contentHtml: c.content_html, links };
}

/** A tracked link's click: the link's campaign and URL, its subscriber's clicks counted; null when the link is unknown. */
export async function recordClick(manager: EntityManager, linkId: string, subscriberId: string, at: Date): Promise<string | null> {
  const [link] = (await manager.query(`SELECT campaign_id, url FROM campaign_links WHERE id = $1`, [linkId])) as Array<{ campaign_id: string; url: string }>;
  if (!link) return null;
  await manager.query(
    `INSERT INTO campaign_clicks (campaign_id, subscriber_id, clicks, first_clicked_at) VALUES ($1, $2, 1, $3)
     ON CONFLICT (campaign_id, subscriber_id) DO UPDATE SET clicks = campaign_clicks.clicks + 1`,
    [link.campaign_id, subscriberId, at],
  );
  return link.url;
}

// ───────────── The fan-out and the counters ─────────────

export async function campaignForFanout(manager: EntityManager, id: string): Promise<{ id: string; subject: string; status: string; created_at: Date } | null> {
  const [campaign] = (await manager.query(`SELECT id, subject, status, created_at FROM campaigns WHERE id = $1`, [id])) as Array<{
    id: string;
    subject: string;
    status: string;
    created_at: Date;
  }>;
  return campaign ?? null;
}

export async function markStarted(manager: EntityManager, id: string, at: Date): Promise<void> {
  await manager.query(`UPDATE campaigns SET started_at = coalesce(started_at, $2) WHERE id = $1`, [id, at]);
}

export async function markSending(manager: EntityManager, id: string): Promise<void> {
  await manager.query(`UPDATE campaigns SET status = 'sending' WHERE id = $1 AND status = 'queued'`, [id]);
}

/**
 * One fan-out page: the next `pageSize` recipients after `after` (active subscribers confirmed
 * before the campaign was created, in id order) each get a delivery row in one INSERT … SELECT (ON
 * CONFLICT DO NOTHING: a re-run adds nothing); the page's rows still queued, as [delivery, subscriber].
 */
export async function fanoutPage(
  manager: EntityManager,
  campaign: { id: string; subject: string; created_at: Date },
  after: string,
  pageSize: number,
): Promise<{ last: string | null; jobs: Array<[string, string]> }> {
  const [page] = (await manager.query(
    `WITH page AS (
       SELECT id, email FROM newsletter_subscribers
       WHERE status = 'active' AND confirmed_at <= $3 AND id > $2 ORDER BY id LIMIT ${pageSize}
     ), ins AS (
       INSERT INTO mail_deliveries (id, purpose, dedupe_key, recipient, subject, data, campaign_id, subscriber_id)
       SELECT gen_random_uuid(), 'newsletter_campaign', $1::text || ':' || p.id::text, p.email, $4,
              jsonb_build_object('campaignId', $1::text, 'subscriberId', p.id::text), $1::uuid, p.id
       FROM page p
       ON CONFLICT (purpose, dedupe_key) DO NOTHING
       RETURNING id, subscriber_id
     ), old AS (
       SELECT d.id, d.subscriber_id FROM mail_deliveries d JOIN page p ON d.subscriber_id = p.id
       WHERE d.campaign_id = $1::uuid AND d.status = 'queued'
     )
     SELECT (SELECT id FROM page ORDER BY id DESC LIMIT 1) AS last,
            (SELECT coalesce(json_agg(json_build_array(id, subscriber_id)), '[]') FROM (SELECT * FROM ins UNION SELECT * FROM old) q) AS jobs`,
    [campaign.id, after, campaign.created_at, campaign.subject],
  )) as Array<{ last: string | null; jobs: Array<[string, string]> }>;
  return page;
}

/** A campaign's still-queued rows after subscriber `after`, in subscriber order (a resume). */
export async function queuedCampaignRows(manager: EntityManager, campaignId: string, after: string, pageSize: number): Promise<Array<{ id: string; subscriber_id: string }>> {
  return (await manager.query(
    `SELECT id, subscriber_id FROM mail_deliveries WHERE campaign_id = $1 AND status = 'queued' AND subscriber_id > $2 ORDER BY subscriber_id LIMIT ${pageSize}`,
    [campaignId, after],
  )) as Array<{ id: string; subscriber_id: string }>;
}

/** Campaign rows among `ids` still queued (what the mail sweeper hands back). */
export async function queuedCampaignDeliveries(manager: EntityManager, ids: string[]): Promise<Array<{ id: string; campaign_id: string; subscriber_id: string }>> {
  return (await manager.query(
    `SELECT id, campaign_id, subscriber_id FROM mail_deliveries WHERE id = ANY($1::uuid[]) AND status = 'queued' AND campaign_id IS NOT NULL AND subscriber_id IS NOT NULL`,
    [ids],
  )) as Array<{ id: string; campaign_id: string; subscriber_id: string }>;
}

/** Campaigns not yet sent; created before `before` when given (left unfinished by a previous run). */
export async function unfinishedCampaigns(manager: EntityManager, before?: Date): Promise<string[]> {
  const rows = (
    before
      ? await manager.query(`SELECT id FROM campaigns WHERE status IN ('queued', 'sending') AND created_at < $1`, [before])
      : await manager.query(`SELECT id FROM campaigns WHERE status IN ('queued', 'sending')`)
  ) as Array<{ id: string }>;
  return rows.map((r) => r.id);
}

/** Sending campaigns with queued rows untouched for ten seconds (their jobs may be lost). */
export async function stuckCampaigns(manager: EntityManager): Promise<string[]> {
  const rows = (await manager.query(
    `SELECT c.id FROM campaigns c WHERE c.status = 'sending' AND EXISTS (
       SELECT 1 FROM mail_deliveries d WHERE d.campaign_id = c.id AND d.status = 'queued' AND d.updated_at < now() - interval '10 seconds')`,
  )) as Array<{ id: string }>;
  return rows.map((r) => r.id);
}

/** A campaign's delivery rows counted by status, and the campaign's status (null: gone). */
export async function campaignCounters(manager: EntityManager, campaignId: string): Promise<{ counters: CampaignCounters; status: string | null }> {
  const rows = (await manager.query(`SELECT status, count(*)::int AS n FROM mail_deliveries WHERE campaign_id = $1 GROUP BY status`, [campaignId])) as Array<{
    status: keyof CampaignCounters;
    n: number;
  }>;
  const counters: CampaignCounters = { queued: 0, sending: 0, sent: 0, failed: 0, suppressed: 0 };
  for (const r of rows) counters[r.status] = r.n;
  const [campaign] = (await manager.query(`SELECT status FROM campaigns WHERE id = $1`, [campaignId])) as Array<{ status: string }>;
  return { counters, status: campaign?.status ?? null };
}

/** Writes the counters (and SENT with its end time when `done`); whether anything changed. */
export async function saveCounters(manager: EntityManager, campaignId: string, c: CampaignCounters, done: boolean, at: Date): Promise<boolean> {
  const changed = await queryRows<{ id: string }>(
    manager,
    `UPDATE campaigns SET sent = $2, failed = $3, suppressed = $4,
       status = CASE WHEN $5::boolean THEN 'sent' ELSE status END,
       finished_at = CASE WHEN $5::boolean THEN $6 ELSE finished_at END
     WHERE id = $1 AND (sent, failed, suppressed) IS DISTINCT FROM ($2, $3, $4) OR (id = $1 AND $5::boolean AND status <> 'sent')
     RETURNING id`,
    [campaignId, c.sent, c.failed, c.suppressed, done, at],
  );
  return changed.length > 0;
}
