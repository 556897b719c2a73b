import { ok, parseInput, recordAdminAction, sanitizeRichText, toCsv, type AdminActor, type AuthUser, type Result } from '@lbf/service-kit';
import { randomUUID } from 'node:crypto';
import type { Campaign, CampaignPage, NewsletterStats, NewsletterSubscriber, NewsletterSubscriberPage, SubscriberStatus } from '../generated/graphql';
import { dispatchMail, queueMail } from '../mail';
import type { MessagingDeps } from '../shared/deps';
import { refusal } from '../shared/errors';
import { iso, isUuid } from '../shared/sql';
import { findUser } from '../users';
import {
  campaignInput,
  CONFIRMATION_WINDOW_DAYS,
  ENGAGEMENT_CAMPAIGNS,
  engagementOf,
  linksOf,
  NEWSLETTER_TEXT,
  SOURCE_LABELS,
  STATUS_LABELS,
  subscriberListArgs,
  textOf,
} from './rules';
import {
  campaignRow,
  campaignRows,
  confirmationCounts,
  insertCampaign,
  latestCampaign,
  recentCampaignClicks,
  subscriberCounts,
  subscriberRow,
  subscriberRows,
  type CampaignRow,
  type SubscriberRow,
} from './store';

/** The administrators' newsletter page: cards, subscribers (and their CSV), campaigns, test send and send (the resolver checks the role). */

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
  const row = await campaignRow(deps.ds.manager, id);
  return row ? campaignView(row) : null;
}

function paging(page: number | null | undefined, pageSize: number | null | undefined, max: number) {
  const p = Math.max(1, Math.floor(page ?? 1));
  const size = Math.min(max, Math.max(1, Math.floor(pageSize ?? 25)));
  return { page: p, size, offset: (p - 1) * size };
}

export async function adminCampaigns(deps: MessagingDeps, args: { page?: number | null; pageSize?: number | null }): Promise<CampaignPage> {
  const { page, size, offset } = paging(args.page ?? 1, args.pageSize ?? 10, 100);
  const { rows, total } = await campaignRows(deps.ds.manager, size, offset);
  return { items: rows.map(campaignView), total, page, pageSize: size };
}

/** The newsletter page's cards: counts, the measured engagement, the latest campaign. */
export async function adminNewsletterStats(deps: MessagingDeps): Promise<NewsletterStats> {
  const m = deps.ds.manager;
  const counts = await subscriberCounts(m);
  const recent = await recentCampaignClicks(m, ENGAGEMENT_CAMPAIGNS);
  const engagement = recent.length
    ? engagementOf({ campaigns: recent })
    : engagementOf(await confirmationCounts(m, new Date(deps.now().getTime() - CONFIRMATION_WINDOW_DAYS * 86_400_000)));
  const last = await latestCampaign(m);
  return { activeSubscribers: counts.active, pendingSubscribers: counts.pending, engagement, lastCampaign: last ? campaignView(last) : null };
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

export async function adminNewsletterSubscribers(deps: MessagingDeps, rawArgs: unknown): Promise<Result<NewsletterSubscriberPage>> {
  const parsed = parseInput(subscriberListArgs, rawArgs);
  if (!parsed.ok) return parsed;
  const args = parsed.value;
  const { page, size, offset } = paging(args.page, args.pageSize, 200);
  const { rows, total } = await subscriberRows(deps.ds.manager, args, { limit: size, offset });
  return ok({ items: rows.map(subscriberView), total, page, pageSize: size });
}

/** newsletter-subscribers.csv: the kit's CSV (the French spreadsheet format, dates in the site's time zone), columns in French. */
export async function exportNewsletterSubscribersCsv(deps: MessagingDeps, rawArgs: unknown): Promise<Result<string>> {
  const parsed = parseInput(subscriberListArgs, rawArgs);
  if (!parsed.ok) return parsed;
  const { rows } = await subscriberRows(deps.ds.manager, parsed.value, null);
  return ok(
    toCsv(
      ['Email', 'Date', 'Source', 'Statut'],
      rows.map((r) => [r.email, new Date(r.subscribed_at), SOURCE_LABELS[r.source], STATUS_LABELS[r.status]]),
      { timeZone: deps.config.siteTimezone },
    ),
  );
}

export async function loadSubscriber(deps: MessagingDeps, id: string): Promise<NewsletterSubscriber | null> {
  if (!isUuid(id)) return null;
  const row = await subscriberRow(deps.ds.manager, id);
  return row ? subscriberView(row) : null;
}

/** The campaign input, sanitised like an article; empty once cleaned (e.g. only a script) is the spec's refusal. */
export function cleanCampaign(rawInput: unknown): Result<{ subject: string; contentHtml: string }> {
  const parsed = parseInput(campaignInput, rawInput);
  if (!parsed.ok) return parsed;
  const subject = parsed.value.subject.trim();
  const contentHtml = sanitizeRichText(parsed.value.contentHtml);
  if (!subject || (!textOf(contentHtml).trim() && !/<img\b/i.test(contentHtml))) return refusal('VALIDATION', NEWSLETTER_TEXT.campaignEmpty);
  return ok({ subject, contentHtml });
}

async function adminIdentity(deps: MessagingDeps, admin: AuthUser): Promise<{ email: string | null; name: string }> {
  const u = await findUser(deps.ds.manager, admin.userId);
  return u ? { email: u.email, name: `${u.firstName} ${u.lastName}`.trim() } : { email: null, name: 'Administrateur' };
}

/** The test send: the same mail to the administrator's own address, links not tracked. */
export async function adminSendTestCampaign(deps: MessagingDeps, admin: AdminActor, rawInput: unknown): Promise<Result<string>> {
  const campaign = cleanCampaign(rawInput);
  if (!campaign.ok) return campaign;
  const me = await adminIdentity(deps, admin);
  if (!me.email) return refusal('NOT_FOUND', NEWSLETTER_TEXT.noAdminAddress);
  const to = me.email;
  const { subject, contentHtml } = campaign.value;
  const id = await deps.uow.run(async (tx) => {
    const delivery = await queueMail(tx.manager, { purpose: 'newsletter_test', dedupeKey: randomUUID(), to, subject: `[Test] ${subject}`, data: { subject, contentHtml } });
    await recordAdminAction(tx, admin, 'campaign.test_sent', { id: delivery ?? to, label: subject }, { to });
    return delivery;
  });
  await dispatchMail(deps, [id]);
  return ok(to);
}

/**
 * Creates the campaign (its links listed for tracking, its total = the active subscribers now)
 * and hands it to the fan-out job; the progress follows through campaignProgress.
 */
export async function adminSendCampaign(deps: MessagingDeps, admin: AdminActor, rawInput: unknown): Promise<Result<Campaign>> {
  const campaign = cleanCampaign(rawInput);
  if (!campaign.ok) return campaign;
  const { subject, contentHtml } = campaign.value;
  const me = await adminIdentity(deps, admin);
  const id = randomUUID();
  const createdAt = deps.now();
  await deps.uow.run(async (tx) => {
    const links = linksOf(contentHtml);
    const total = await insertCampaign(tx.manager, { id, subject, contentHtml, createdBy: admin.userId, senderName: me.name, createdAt, links });
    await recordAdminAction(tx, admin, 'campaign.sent', { id, label: subject }, { recipients: total, links: links.length });
  });
  await deps.enqueue('campaign-fanout', { campaignId: id }, { jobId: `campaign-${id}`, attempts: 8, backoff: { type: 'exponential', delay: 1000 } });
  return ok((await loadCampaign(deps, id))!);
}
