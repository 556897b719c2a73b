/**
 * The rollups recomputed from the raw tables for the days $1..$2 (inclusive). Plain SQL so the
 * migration that introduced them can run it too. Each definition here is what the incremental
 * updates (shared/rollups.ts) add up to; the integration tests compare both.
 *
 * - sign_ups: accounts created that day, every origin (the sign-up form and the administrators' command);
 * - buyers / purchases / revenue_xaf: the day's completed purchases that were not refunded since (a
 *   refunded order is not a sale: a refund lowers its purchase's day), their distinct buyers and amounts;
 * - visits / visit_seconds: visits started that day, and their durations (whole seconds between
 *   the first and the last page view, seconds counted as floor(epoch));
 * - page_views / visitors: page views of the day and their distinct visitors;
 * - video_views / pdf_downloads: the catalogue's events of the day (site time of occurredAt).
 *
 * Updates only the rows whose figures differ and returns their days (the drift corrected).
 */
export const REBUILD_DAYS_SQL = `
WITH days AS (SELECT d::date AS day FROM generate_series($1::date, $2::date, interval '1 day') AS d),
r AS (SELECT day, count(*)::int AS sign_ups FROM registrations WHERE day BETWEEN $1 AND $2 GROUP BY day),
p AS (
  SELECT p.day, count(DISTINCT p.buyer_id)::int AS buyers, count(*)::int AS purchases, COALESCE(sum(p.amount_xaf), 0)::bigint AS revenue_xaf
  FROM purchases p WHERE p.day BETWEEN $1 AND $2 AND NOT EXISTS (SELECT 1 FROM refunds f WHERE f.order_id = p.order_id) GROUP BY p.day
),
v AS (
  SELECT day, count(*)::int AS visits,
         COALESCE(sum(floor(extract(epoch FROM last_seen_at)) - floor(extract(epoch FROM started_at))), 0)::bigint AS visit_seconds
  FROM visits WHERE day BETWEEN $1 AND $2 GROUP BY day
),
pv AS (SELECT day, count(*)::int AS page_views, count(DISTINCT visitor_id)::int AS visitors FROM page_visits WHERE day BETWEEN $1 AND $2 GROUP BY day),
vv AS (SELECT day, count(*)::int AS video_views FROM video_views WHERE day BETWEEN $1 AND $2 GROUP BY day),
pd AS (SELECT day, count(*)::int AS pdf_downloads FROM pdf_downloads WHERE day BETWEEN $1 AND $2 GROUP BY day),
computed AS (
  SELECT days.day,
         COALESCE(r.sign_ups, 0) AS sign_ups, COALESCE(p.buyers, 0) AS buyers, COALESCE(p.purchases, 0) AS purchases,
         COALESCE(p.revenue_xaf, 0) AS revenue_xaf, COALESCE(v.visits, 0) AS visits, COALESCE(pv.page_views, 0) AS page_views,
         COALESCE(pv.visitors, 0) AS visitors, COALESCE(v.visit_seconds, 0) AS visit_seconds,
         COALESCE(vv.video_views, 0) AS video_views, COALESCE(pd.pdf_downloads, 0) AS pdf_downloads
  FROM days LEFT JOIN r USING (day) LEFT JOIN p USING (day) LEFT JOIN v USING (day) LEFT JOIN pv USING (day)
       LEFT JOIN vv USING (day) LEFT JOIN pd USING (day)
)
UPDATE daily_stats s SET sign_ups = c.sign_ups, buyers = c.buyers, purchases = c.purchases, revenue_xaf = c.revenue_xaf,
       visits = c.visits, page_views = c.page_views, visitors = c.visitors, visit_seconds = c.visit_seconds,
       video_views = c.video_views, pdf_downloads = c.pdf_downloads
FROM computed c
WHERE s.day = c.day
  AND (s.sign_ups, s.buyers, s.purchases, s.revenue_xaf, s.visits, s.page_views, s.visitors, s.visit_seconds, s.video_views, s.pdf_downloads)
      IS DISTINCT FROM
      (c.sign_ups, c.buyers, c.purchases, c.revenue_xaf, c.visits, c.page_views, c.visitors, c.visit_seconds, c.video_views, c.pdf_downloads)
RETURNING s.day::text AS day`;

/** Top pages of $1..$2: page views that were not the web app's 404, and the distinct visits that made them. */
export const REBUILD_PAGE_STATS_SQL = [
  `DELETE FROM daily_page_stats WHERE day BETWEEN $1 AND $2`,
  `INSERT INTO daily_page_stats (day, path, views, visits)
SELECT day, path, count(*)::int, count(DISTINCT visit_id)::int FROM page_visits
WHERE day BETWEEN $1 AND $2 AND NOT not_found GROUP BY day, path`,
];

/** Items sold on $1..$2: sales and revenue of the orders not refunded (an item whose only sale was refunded has no row), the title of the day's last sale. */
export const REBUILD_ITEM_STATS_SQL = [
  `DELETE FROM daily_item_stats WHERE day BETWEEN $1 AND $2`,
  `INSERT INTO daily_item_stats (day, item_id, item_type, title, last_sold_at, sales, revenue_xaf)
SELECT p.day, p.item_id, (array_agg(p.item_type ORDER BY p.completed_at DESC, p.order_id DESC))[1],
       (array_agg(p.item_title ORDER BY p.completed_at DESC, p.order_id DESC))[1], max(p.completed_at),
       count(*)::int, COALESCE(sum(p.amount_xaf), 0)::bigint
FROM purchases p
WHERE p.day BETWEEN $1 AND $2 AND NOT EXISTS (SELECT 1 FROM refunds f WHERE f.order_id = p.order_id) GROUP BY p.day, p.item_id`,
];

/** Every statement of a rebuild of $1..$2, in order (the daily_stats rows of the range must exist and be locked). */
export const REBUILD_SQL = [REBUILD_DAYS_SQL, ...REBUILD_PAGE_STATS_SQL, ...REBUILD_ITEM_STATS_SQL];
