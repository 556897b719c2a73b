import { sanitizeRichText, siteTimezoneOf, toCsv, UserError, type AuthUser } from '@lbf/service-kit';
import { randomUUID } from 'node:crypto';
import type { Campaign, NewsletterStats, NewsletterSubscriber, SubscriberStatus } from '../generated/graphql';
import {
  CONFIRMATION_WINDOW_DAYS,
  ENGAGEMENT_CAMPAIGNS,
  engagementOf,
  linksOf,
  NEWSLETTER_TEXT,
  SOURCE_LABELS,
  STATUS_LABELS,
  textOf,
  type SubscriberStatusDb,
} from '../domain/newsletter-rules';
import type { MessagingDeps } from './deps';
import { dispatchMail, queueMail } from './outbound-mail';

interface CampaignRow {
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

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function campaignView(r: CampaignRow): Campaign {
  return {
    id: r.id,
    subject: r.subject,
    contentHtml: r.content_html,
    status: r.status.toUpperCase() as Campaign['status'],
    total: r.total,
    sent: r.sent,
    failed: r.failed,
    suppressed: r.suppressed,
    uniqueClicks: r.unique_clicks,
    createdAt: new Date(r.created_at).toISOString(),
    startedAt: iso(r.started_at),
    finishedAt: iso(r.finished_at),
    senderName: r.sender_name,
  };
}

export async function loadCampaign(deps: Pick<MessagingDeps, 'ds'>, id: string): Promise<Campaign | null> {
  if (!isUuid(id)) return null;
  const [row] = (await deps.ds.query(`SELECT ${CAMPAIGN_COLUMNS} FROM campaigns c WHERE c.id = $1`, [id])) as CampaignRow[];
  return row ? campaignView(row) : null;
}

export const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

export async function adminCampaigns(deps: MessagingDeps, page: number, pageSize: number) {
  const { page: p, size, offset } = paging(page, pageSize, 100);
  const [{ n }] = (await deps.ds.query(`SELECT count(*)::int AS n FROM campaigns`)) as Array<{ n: number }>;
  const rows = (await deps.ds.query(`SELECT ${CAMPAIGN_COLUMNS} FROM campaigns c ORDER BY c.created_at DESC, c.id LIMIT $1 OFFSET $2`, [size, offset])) as CampaignRow[];
  return { items: rows.map(campaignView), total: n, page: p, pageSize: size };
}

function paging(page: number | null | undefined, pageSize: number | null | undefined, max: number) {
  const p = Math.max(1, Math.floor(page ?? 1));
  const size = Math.min(max, Math.max(1, Math.floor(pageSize ?? 25)));
  return { page: p, size, offset: (p - 1) * size };
}

/** The newsletter page's cards: counts, the measured engagement, the latest campaign. */
export async function adminNewsletterStats(deps: MessagingDeps): Promise<NewsletterStats> {
  const [counts] = (await deps.ds.query(
    `SELECT count(*) FILTER (WHERE status = 'active')::int AS active, count(*) FILTER (WHERE status = 'pending')::int AS pending FROM newsletter_subscribers`,
  )) as Array<{ active: number; pending: number }>;
  const recent = (await deps.ds.query(
    `SELECT c.id, (SELECT count(*)::int FROM mail_deliveries d WHERE d.campaign_id = c.id AND d.status = 'sent') AS sent,
       (SELECT count(*)::int FROM campaign_clicks k WHERE k.campaign_id = c.id) AS clickers
     FROM campaigns c WHERE c.status = 'sent' ORDER BY c.created_at DESC LIMIT $1`,
    [ENGAGEMENT_CAMPAIGNS],
  )) as Array<{ sent: number; clickers: number }>;
  let engagement;
  if (recent.length) {
    engagement = engagementOf({ campaigns: recent });
  } else {
    const since = new Date(deps.now().getTime() - CONFIRMATION_WINDOW_DAYS * 86_400_000);
    const [c] = (await deps.ds.query(
      `SELECT count(*)::int AS asked, count(confirmed_at)::int AS confirmed FROM newsletter_subscribers WHERE subscribed_at >= $1`,
      [since],
    )) as Array<{ asked: number; confirmed: number }>;
    engagement = engagementOf(c);
  }
  const [last] = (await deps.ds.query(`SELECT ${CAMPAIGN_COLUMNS} FROM campaigns c ORDER BY c.created_at DESC, c.id LIMIT 1`)) as CampaignRow[];
  return { activeSubscribers: counts.active, pendingSubscribers: counts.pending, engagement, lastCampaign: last ? campaignView(last) : null };
}

interface SubscriberRow {
  id: string;
  email: string;
  status: SubscriberStatusDb;
  source: 'footer' | 'catalogue';
  subscribed_at: Date;
  confirmed_at: Date | null;
  unsubscribed_at: Date | null;
}

export function subscriberView(r: SubscriberRow): NewsletterSubscriber {
  return {
    id: r.id,
    email: r.email,
    status: r.status.toUpperCase() as SubscriberStatus,
    source: r.source.toUpperCase() as NewsletterSubscriber['source'],
    subscribedAt: new Date(r.subscribed_at).toISOString(),
    confirmedAt: iso(r.confirmed_at),
    unsubscribedAt: iso(r.unsubscribed_at),
  };
}

function subscriberFilter(search: string | null | undefined, status: SubscriberStatus | null | undefined) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (status) {
    params.push(status.toLowerCase());
    where.push(`status = $${params.length}`);
  }
  const term = (search ?? '').trim().toLowerCase();
  if (term) {
    params.push(`%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`email LIKE $${params.length}`);
  }
  return { where: where.length ? `WHERE ${where.join(' AND ')}` : '', params };
}

const SUBSCRIBER_COLUMNS = 'id, email, status, source, subscribed_at, confirmed_at, unsubscribed_at';

export async function adminNewsletterSubscribers(
  deps: MessagingDeps,
  args: { search?: string | null; status?: SubscriberStatus | null; page?: number | null; pageSize?: number | null },
) {
  const { page, size, offset } = paging(args.page, args.pageSize, 200);
  const { where, params } = subscriberFilter(args.search, args.status);
  const [{ n }] = (await deps.ds.query(`SELECT count(*)::int AS n FROM newsletter_subscribers ${where}`, params)) as Array<{ n: number }>;
  const rows = (await deps.ds.query(
    `SELECT ${SUBSCRIBER_COLUMNS} FROM newsletter_subscribers ${where} ORDER BY subscribed_at DESC, id LIMIT ${size} OFFSET ${offset}`,
    params,
  )) as SubscriberRow[];
  return { items: rows.map(subscriberView), total: n, page, pageSize: size };
}

/** newsletter-subscribers.csv: the kit's CSV (the French spreadsheet format, dates in the site's time zone), columns in French. */
export async function exportNewsletterSubscribersCsv(deps: MessagingDeps, args: { search?: string | null; status?: SubscriberStatus | null }): Promise<string> {
  const { where, params } = subscriberFilter(args.search, args.status);
  const rows = (await deps.ds.query(`SELECT ${SUBSCRIBER_COLUMNS} FROM newsletter_subscribers ${where} ORDER BY subscribed_at DESC, id`, params)) as SubscriberRow[];
  return toCsv(
    ['Email', 'Date', 'Source', 'Statut'],
    rows.map((r) => [r.email, new Date(r.subscribed_at), SOURCE_LABELS[r.source], STATUS_LABELS[r.status]]),
    { timeZone: siteTimezoneOf(deps.config) },
  );
}

export async function loadSubscriber(deps: MessagingDeps, id: string): Promise<NewsletterSubscriber | null> {
  if (!isUuid(id)) return null;
  const [row] = (await deps.ds.query(`SELECT ${SUBSCRIBER_COLUMNS} FROM newsletter_subscribers WHERE id = $1`, [id])) as SubscriberRow[];
  return row ? subscriberView(row) : null;
}

/** Sanitised like an article; empty once cleaned (e.g. only a script) is the spec's refusal. */
export function cleanCampaign(input: { subject: string; contentHtml: string }): { subject: string; contentHtml: string } {
  const subject = input.subject.trim();
  const contentHtml = sanitizeRichText(input.contentHtml);
  if (!subject || (!textOf(contentHtml).trim() && !/<img\b/i.test(contentHtml))) throw new UserError('VALIDATION', NEWSLETTER_TEXT.campaignEmpty);
  return { subject, contentHtml };
}

async function adminIdentity(deps: MessagingDeps, admin: AuthUser): Promise<{ email: string | null; name: string }> {
  const [u] = (await deps.ds.query(`SELECT email, first_name, last_name FROM users WHERE user_id = $1`, [admin.userId])) as Array<{
    email: string;
    first_name: string;
    last_name: string;
  }>;
  return u ? { email: u.email, name: `${u.first_name} ${u.last_name}`.trim() } : { email: null, name: 'Administrateur' };
}

/** The test send: the same mail to the administrator's own address, links not tracked. */
export async function adminSendTestCampaign(deps: MessagingDeps, admin: AuthUser, input: { subject: string; contentHtml: string }): Promise<string> {
  const campaign = cleanCampaign(input);
  const me = await adminIdentity(deps, admin);
  if (!me.email) throw new UserError('NOT_FOUND', NEWSLETTER_TEXT.noAdminAddress);
  const id = await deps.uow.run(({ manager }) =>
    queueMail(manager, { purpose: 'newsletter_test', dedupeKey: randomUUID(), to: me.email!, subject: `[Test] ${campaign.subject}`, data: campaign }),
  );
  await dispatchMail(deps, [id]);
  return me.email;
}

/**
 * Creates the campaign (its links listed for tracking, its total = the active subscribers now)
 * and hands it to the fan-out job; the progress follows through campaignProgress.
 */
export async function adminSendCampaign(deps: MessagingDeps, admin: AuthUser, input: { subject: string; contentHtml: string }): Promise<Campaign> {
  const campaign = cleanCampaign(input);
  const me = await adminIdentity(deps, admin);
  const id = randomUUID();
  const now = deps.now();
  await deps.uow.run(async ({ manager }) => {
    await manager.query(
      `INSERT INTO campaigns (id, subject, content_html, status, total, created_by, sender_name, created_at)
       VALUES ($1, $2, $3, 'queued', (SELECT count(*) FROM newsletter_subscribers WHERE status = 'active'), $4, $5, $6)`,
      [id, campaign.subject, campaign.contentHtml, admin.userId, me.name, now],
    );
    for (const link of linksOf(campaign.contentHtml)) {
      await manager.query(`INSERT INTO campaign_links (id, campaign_id, position, url) VALUES ($1, $2, $3, $4)`, [randomUUID(), id, link.position, link.url]);
    }
  });
  await deps.enqueue('campaign-fanout', { campaignId: id }, { jobId: `campaign-${id}`, attempts: 8, backoff: { type: 'exponential', delay: 1000 } });
  return (await loadCampaign(deps, id))!;
}
