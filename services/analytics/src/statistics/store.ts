import type { EventData } from '@lbf/proto-events';
import type { DataSource, EntityManager } from 'typeorm';
import type { DailyStat, Statistics, TopItem, TopPage } from '../generated/graphql';
import { BUYERS, REGISTERED_USERS } from '../shared/counters';
import { bumpDaily } from '../shared/rollups';
import type { Day } from '../shared/site-day';
import { percent, ratio } from './rules';

/**
 * The statistics room's one door to the database (raw SQL through the EntityManager): the read
 * models other services' events feed (purchases, refunds, video views, PDF downloads) with their
 * rollups, and the statistics read from the rollups.
 */

/** Serializes, until commit, the transactions about one order (its purchase and its refund arrive on separate durables). */
async function lockKeys(manager: EntityManager, ...keys: string[]): Promise<void> {
  for (const key of keys) await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [key]);
}

/** The buyer's counted (not refunded) purchases other than `orderId`: on `day`, and ever. */
async function otherSales(manager: EntityManager, buyerId: string, day: string, orderId: string): Promise<{ sameDay: boolean; ever: boolean }> {
  const [row] = (await manager.query(
    `SELECT EXISTS (SELECT 1 FROM purchases p WHERE p.buyer_id = $1 AND p.day = $2::date AND p.order_id <> $3
                      AND NOT EXISTS (SELECT 1 FROM refunds f WHERE f.order_id = p.order_id)) AS same_day,
            EXISTS (SELECT 1 FROM purchases p WHERE p.buyer_id = $1 AND p.order_id <> $3
                      AND NOT EXISTS (SELECT 1 FROM refunds f WHERE f.order_id = p.order_id)) AS ever`,
    [buyerId, day, orderId],
  )) as Array<{ same_day: boolean; ever: boolean }>;
  return { sameDay: row!.same_day, ever: row!.ever };
}

/**
 * A completed purchase: its raw row (order id is the key) and, when new and not already refunded,
 * a sale: the day's purchases, revenue, buyers (only when the buyer has no other sale that day), the
 * item's day, and the all-time buyers counter (the buyer's first sale). A refunded order is not a
 * sale, the same definition as commerce's « ventes » (completed, not refunded): a refund consumed
 * first leaves only the raw row. The order's and the buyer's locks make those decisions exact under
 * parallel deliveries.
 */
export async function recordPurchase(manager: EntityManager, p: EventData<'commerce.purchase.completed'> & { day: Day }): Promise<boolean> {
  await lockKeys(manager, `analytics-order:${p.orderId}`, `analytics-buyer:${p.buyerId}`);
  const inserted = (await manager.query(
    `INSERT INTO purchases (order_id, buyer_id, item_id, item_type, item_title, amount_xaf, provider, completed_at, day)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::date) ON CONFLICT (order_id) DO NOTHING RETURNING order_id`,
    [p.orderId, p.buyerId, p.itemId, p.itemType, p.itemTitle, p.amountXaf, p.provider, p.completedAt, p.day],
  )) as unknown[];
  if (!inserted.length) return false;
  const refunded = (await manager.query(`SELECT 1 FROM refunds WHERE order_id = $1`, [p.orderId])) as unknown[];
  if (refunded.length) return true;
  const others = await otherSales(manager, p.buyerId, p.day, p.orderId);
  if (!others.ever) await manager.query(`UPDATE counters SET value = value + 1 WHERE name = $1`, [BUYERS]);
  await bumpDaily(manager, p.day, { purchases: 1, buyers: others.sameDay ? 0 : 1, revenue_xaf: p.amountXaf });
  await manager.query(
    `INSERT INTO daily_item_stats (day, item_id, item_type, title, last_sold_at, sales, revenue_xaf)
     VALUES ($1::date, $2, $3, $4, $5, 1, $6)
     ON CONFLICT (day, item_id) DO UPDATE SET
       sales = daily_item_stats.sales + 1,
       revenue_xaf = daily_item_stats.revenue_xaf + EXCLUDED.revenue_xaf,
       title = CASE WHEN EXCLUDED.last_sold_at >= daily_item_stats.last_sold_at THEN EXCLUDED.title ELSE daily_item_stats.title END,
       item_type = CASE WHEN EXCLUDED.last_sold_at >= daily_item_stats.last_sold_at THEN EXCLUDED.item_type ELSE daily_item_stats.item_type END,
       last_sold_at = GREATEST(daily_item_stats.last_sold_at, EXCLUDED.last_sold_at)`,
    [p.day, p.itemId, p.itemType, p.itemTitle, p.completedAt, p.amountXaf],
  );
  return true;
}

/**
 * A refund: its raw row and, when its purchase is known, the sale taken back on the purchase's own
 * day (past days change): purchases, revenue, the item's sales and revenue (its row goes when no sale
 * is left, so « Meilleures ventes » never lists a refunded order as a sale of 0 FCFA), the day's
 * buyers and the all-time buyers when the buyer has no other sale left. A refund consumed before its
 * purchase is applied when the purchase arrives (it is then never counted).
 */
export async function recordRefund(manager: EntityManager, r: EventData<'commerce.purchase.refunded'>): Promise<boolean> {
  await lockKeys(manager, `analytics-order:${r.orderId}`, `analytics-buyer:${r.buyerId}`);
  const inserted = (await manager.query(
    `INSERT INTO refunds (order_id, amount_xaf, refunded_at) VALUES ($1, $2, $3) ON CONFLICT (order_id) DO NOTHING RETURNING order_id`,
    [r.orderId, r.amountXaf, r.refundedAt],
  )) as unknown[];
  if (!inserted.length) return false;
  const [purchase] = (await manager.query(`SELECT day::text AS day, buyer_id, item_id, amount_xaf::bigint AS amount FROM purchases WHERE order_id = $1`, [r.orderId])) as Array<{
    day: string;
    buyer_id: string;
    item_id: string;
    amount: string;
  }>;
  if (!purchase) return true;
  const others = await otherSales(manager, purchase.buyer_id, purchase.day, r.orderId);
  if (!others.ever) await manager.query(`UPDATE counters SET value = value - 1 WHERE name = $1`, [BUYERS]);
  await bumpDaily(manager, purchase.day, { purchases: -1, buyers: others.sameDay ? 0 : -1, revenue_xaf: -Number(purchase.amount) });
  await manager.query(`UPDATE daily_item_stats SET sales = sales - 1, revenue_xaf = revenue_xaf - $3 WHERE day = $1::date AND item_id = $2`, [
    purchase.day,
    purchase.item_id,
    purchase.amount,
  ]);
  await manager.query(`DELETE FROM daily_item_stats WHERE day = $1::date AND item_id = $2 AND sales <= 0`, [purchase.day, purchase.item_id]);
  return true;
}

/**
 * Whether this person's health-data consent is given, read FOR SHARE: a withdrawal being applied
 * waits for the caller's insert and then unlinks it, or the insert waits and then finds no consent.
 */
async function consentGiven(manager: EntityManager, userId: string | null): Promise<boolean> {
  if (!userId) return false;
  const rows = (await manager.query('SELECT 1 FROM health_data_consents WHERE user_id = $1 AND given FOR SHARE', [userId])) as unknown[];
  return rows.length > 0;
}

/**
 * A video view (catalogue sends at most one per viewer, user or anonymous visitor, video and UTC day:
 * that is the key). A signed-in viewer without the health-data consent is not recorded: the view
 * counts, keyed by its event id (`unlinked_id`) instead of them.
 */
export async function recordVideoView(manager: EntityManager, v: EventData<'catalogue.video.viewed'> & { day: Day; eventId: string }): Promise<boolean> {
  const linked = await consentGiven(manager, v.userId);
  const unlinkedId = v.userId && !linked ? v.eventId : null;
  const inserted = (await manager.query(
    `INSERT INTO video_views (video_id, user_id, visitor_id, unlinked_id, viewed_on, mode, occurred_at, day) VALUES ($1, $2, $3, $4, $5::date, $6, $7, $8::date)
     ON CONFLICT DO NOTHING RETURNING video_id`,
    [v.videoId, linked ? v.userId : null, v.visitorId, unlinkedId, v.viewedOn, v.mode, v.occurredAt, v.day],
  )) as unknown[];
  if (!inserted.length) return false;
  await bumpDaily(manager, v.day, { video_views: 1 });
  return true;
}

/** A PDF download, keyed by its event id (two downloads of one guide are two downloads); without the health-data consent, without the person. */
export async function recordDownload(
  manager: EntityManager,
  d: EventData<'catalogue.pdf.downloaded'> & { eventId: string; day: Day },
): Promise<boolean> {
  const linked = await consentGiven(manager, d.userId);
  const inserted = (await manager.query(
    `INSERT INTO pdf_downloads (event_id, pdf_id, user_id, occurred_at, day) VALUES ($1, $2, $3, $4, $5::date)
     ON CONFLICT DO NOTHING RETURNING event_id`,
    [d.eventId, d.pdfId, linked ? d.userId : null, d.occurredAt, d.day],
  )) as unknown[];
  if (!inserted.length) return false;
  await bumpDaily(manager, d.day, { pdf_downloads: 1 });
  return true;
}

export const TOP_PAGES = 10;
export const TOP_ITEMS = 10;

interface DailyRow extends DailyStat {
  visitSeconds: number;
}

/**
 * The statistics of `from`..`to` in four statements, from the rollups: the days (every day of the
 * period, zeros where nothing happened), top pages and top items summed over the period's days,
 * and the all-time figures (counters and sums of daily rows). The period's distinct visitors do
 * not add up from days: they are the visitors whose last page view falls in the period (the
 * period ends today, so that is exact), an index-only count on visitor_last_days.
 */
export async function readStatistics(ds: DataSource, from: Day, to: Day): Promise<Statistics> {
  const [daily, topPages, topItems, totals] = await Promise.all([
    ds.query(
      `SELECT d::date::text AS day, COALESCE(s.sign_ups, 0) AS "signUps", COALESCE(s.buyers, 0) AS buyers,
              COALESCE(s.purchases, 0) AS purchases, COALESCE(s.revenue_xaf, 0)::int AS "revenueXaf",
              COALESCE(s.visits, 0) AS visits, COALESCE(s.page_views, 0) AS "pageViews", COALESCE(s.visitors, 0) AS visitors,
              COALESCE(s.visit_seconds, 0)::float8 AS "visitSeconds", COALESCE(s.video_views, 0) AS "videoViews",
              COALESCE(s.pdf_downloads, 0) AS "pdfDownloads"
       FROM generate_series($1::date, $2::date, interval '1 day') AS d LEFT JOIN daily_stats s ON s.day = d::date
       ORDER BY d`,
      [from, to],
    ) as Promise<DailyRow[]>,
    ds.query(
      `SELECT path, sum(views)::int AS views, sum(visits)::int AS visits FROM daily_page_stats
       WHERE day BETWEEN $1 AND $2 GROUP BY path ORDER BY views DESC, visits DESC, path LIMIT $3`,
      [from, to, TOP_PAGES],
    ) as Promise<TopPage[]>,
    ds.query(
      `SELECT item_id AS "itemId", (array_agg(item_type ORDER BY last_sold_at DESC))[1] AS "itemType",
              (array_agg(title ORDER BY last_sold_at DESC))[1] AS title, sum(sales)::int AS sales, sum(revenue_xaf)::int AS "revenueXaf"
       FROM daily_item_stats WHERE day BETWEEN $1 AND $2
       GROUP BY item_id HAVING sum(sales) > 0 ORDER BY sales DESC, "revenueXaf" DESC, item_id LIMIT $3`,
      [from, to, TOP_ITEMS],
    ) as Promise<TopItem[]>,
    ds.query(
      `SELECT (SELECT value FROM counters WHERE name = $3)::int AS registered,
              (SELECT value FROM counters WHERE name = $4)::int AS buyers,
              (SELECT count(*) FROM visitor_last_days WHERE last_day BETWEEN $1 AND $2)::int AS visitors,
              COALESCE(sum(video_views), 0)::int AS video_views, COALESCE(sum(pdf_downloads), 0)::int AS pdf_downloads,
              COALESCE(sum(visits), 0)::int AS visits
       FROM daily_stats`,
      [from, to, REGISTERED_USERS, BUYERS],
    ) as Promise<Array<{ registered: number | null; buyers: number | null; visitors: number; video_views: number; pdf_downloads: number; visits: number }>>,
  ]);
  const t = totals[0]!;
  const sum = (f: (d: DailyRow) => number) => daily.reduce((n, d) => n + f(d), 0);
  const visits = sum((d) => d.visits);
  const signUps = sum((d) => d.signUps);
  const registeredUsers = t.registered ?? 0;
  const buyers = t.buyers ?? 0;
  return {
    from,
    to,
    daily: daily.map(({ visitSeconds: _s, ...d }) => d),
    conversion: {
      registeredUsers,
      buyers,
      buyerRate: percent(buyers, registeredUsers),
      visitors: t.visitors,
      signUps,
      signUpRate: percent(signUps, t.visitors),
    },
    averageVisitSeconds: ratio(sum((d) => d.visitSeconds), visits),
    pagesPerVisit: ratio(sum((d) => d.pageViews), visits),
    topPages,
    topItems,
    totalVideoViews: t.video_views,
    totalPdfDownloads: t.pdf_downloads,
    totalVisits: t.visits,
  };
}

/** identity.user.consent_changed (health_data): true when it is newer than what the read model holds, and applied. */
export async function applyHealthConsent(manager: EntityManager, userId: string, given: boolean, changedAt: string): Promise<boolean> {
  const rows = (await manager.query(
    `INSERT INTO health_data_consents (user_id, given, changed_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET given = EXCLUDED.given, changed_at = EXCLUDED.changed_at
     WHERE health_data_consents.changed_at <= EXCLUDED.changed_at
     RETURNING user_id`,
    [userId, given, changedAt],
  )) as unknown[];
  return rows.length > 0;
}

/** The consent withdrawn: the person's past views and downloads stay counted, no longer theirs. */
export async function unlinkViewsOf(manager: EntityManager, userId: string): Promise<void> {
  await manager.query('UPDATE video_views SET user_id = NULL, unlinked_id = gen_random_uuid() WHERE user_id = $1', [userId]);
  await manager.query('UPDATE pdf_downloads SET user_id = NULL WHERE user_id = $1', [userId]);
}
