import type { DataSource } from 'typeorm';
import type { Day } from '../domain/site-day';
import { percent, ratio } from '../domain/statistics';
import type { DailyStat, Statistics, TopItem, TopPage } from '../generated/graphql';
import { REGISTERED_USERS } from '../entities/counter';
import { BUYERS } from './statistics-events';

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
