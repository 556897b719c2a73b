import type { MigrationInterface, QueryRunner } from 'typeorm';
import { REBUILD_SQL } from '../shared/rollup-sql';

/** Visits as sessions: the table, and the existing page views grouped into visits by the 30-minute gap. */
async function visitsFromPageViews(q: QueryRunner): Promise<void> {
  await q.query(`CREATE TABLE visits (
    id uuid PRIMARY KEY,
    visitor_id text NOT NULL,
    started_at timestamptz NOT NULL,
    last_seen_at timestamptz NOT NULL,
    page_views int NOT NULL DEFAULT 1 CHECK (page_views >= 1),
    day date NOT NULL
  )`);
  await q.query(`CREATE INDEX visits_visitor_last_seen ON visits (visitor_id, last_seen_at DESC)`);
  await q.query(`CREATE INDEX visits_last_seen ON visits (last_seen_at)`);

  // Existing page views: a new visit starts at a visitor's first view and after each gap of 30 minutes or more.
  await q.query(`ALTER TABLE page_visits ADD COLUMN visit_id uuid`);
  await q.query(`CREATE TEMP TABLE visit_backfill ON COMMIT DROP AS
    WITH marked AS (
      SELECT id, visitor_id, visited_at, day,
             CASE WHEN visited_at - lag(visited_at) OVER (PARTITION BY visitor_id ORDER BY visited_at, id) < interval '30 minutes'
                  THEN 0 ELSE 1 END AS starts
      FROM page_visits
    )
    SELECT id, visitor_id, visited_at, day, sum(starts) OVER (PARTITION BY visitor_id ORDER BY visited_at, id) AS n FROM marked`);
  await q.query(`CREATE TEMP TABLE visit_groups ON COMMIT DROP AS
    SELECT visitor_id, n, gen_random_uuid() AS visit_id, min(visited_at) AS started_at, max(visited_at) AS last_seen_at,
           count(*)::int AS page_views, (array_agg(day ORDER BY visited_at, id))[1] AS day
    FROM visit_backfill GROUP BY visitor_id, n`);
  await q.query(`INSERT INTO visits (id, visitor_id, started_at, last_seen_at, page_views, day)
    SELECT visit_id, visitor_id, started_at, last_seen_at, page_views, day FROM visit_groups`);
  await q.query(`UPDATE page_visits p SET visit_id = g.visit_id
    FROM visit_backfill b JOIN visit_groups g USING (visitor_id, n) WHERE p.id = b.id`);
  await q.query(`ALTER TABLE page_visits ALTER COLUMN visit_id SET NOT NULL`);
  await q.query(`ALTER TABLE page_visits ADD CONSTRAINT page_visits_visit FOREIGN KEY (visit_id) REFERENCES visits (id) ON DELETE CASCADE`);
  await q.query(`CREATE INDEX page_visits_visit_path ON page_visits (visit_id, path)`);
  await q.query(`CREATE INDEX page_visits_visitor_day ON page_visits (visitor_id, day)`);
  await q.query(`CREATE INDEX page_visits_visited_at ON page_visits (visited_at)`);

  // Each visitor's last day with a page view: the statistics' periods end today, so a visitor was
  // active in a period exactly when this day falls in it (distinct visitors without scanning visits).
  await q.query(`CREATE TABLE visitor_last_days (visitor_id text PRIMARY KEY, last_day date NOT NULL)`);
  await q.query(`CREATE INDEX visitor_last_days_day ON visitor_last_days (last_day)`);
  await q.query(`INSERT INTO visitor_last_days (visitor_id, last_day) SELECT visitor_id, max(day) FROM page_visits GROUP BY visitor_id`);
}

/** The raw read models other services' events feed. */
async function readModels(q: QueryRunner): Promise<void> {
  // Raw read models, each keyed so that a redelivered event cannot add a row twice.
  await q.query(`CREATE TABLE registrations (
    user_id uuid PRIMARY KEY,
    origin text NOT NULL,
    registered_at timestamptz NOT NULL,
    day date NOT NULL
  )`);
  await q.query(`CREATE INDEX registrations_day ON registrations (day)`);
  await q.query(`CREATE TABLE purchases (
    order_id uuid PRIMARY KEY,
    buyer_id uuid NOT NULL,
    item_id uuid NOT NULL,
    item_type text NOT NULL,
    item_title text NOT NULL,
    amount_xaf bigint NOT NULL CHECK (amount_xaf >= 0),
    provider text NOT NULL,
    completed_at timestamptz NOT NULL,
    day date NOT NULL
  )`);
  await q.query(`CREATE INDEX purchases_day ON purchases (day)`);
  await q.query(`CREATE INDEX purchases_buyer_day ON purchases (buyer_id, day)`);
  // A refund may be consumed before its purchase (separate durables): it is kept on its own.
  await q.query(`CREATE TABLE refunds (
    order_id uuid PRIMARY KEY,
    amount_xaf bigint NOT NULL,
    refunded_at timestamptz NOT NULL
  )`);
  await q.query(`CREATE TABLE video_views (
    video_id uuid NOT NULL,
    user_id uuid NOT NULL,
    viewed_on date NOT NULL,
    mode text NOT NULL,
    occurred_at timestamptz NOT NULL,
    day date NOT NULL,
    PRIMARY KEY (video_id, user_id, viewed_on)
  )`);
  await q.query(`CREATE INDEX video_views_day ON video_views (day)`);
  await q.query(`CREATE TABLE pdf_downloads (
    event_id uuid PRIMARY KEY,
    pdf_id uuid NOT NULL,
    user_id uuid,
    occurred_at timestamptz NOT NULL,
    day date NOT NULL
  )`);
  await q.query(`CREATE INDEX pdf_downloads_day ON pdf_downloads (day)`);
}

/** The daily rollups and the bell. */
async function rollupsAndBell(q: QueryRunner): Promise<void> {
  // The rollups.
  await q.query(`CREATE TABLE daily_stats (
    day date PRIMARY KEY,
    sign_ups int NOT NULL DEFAULT 0,
    buyers int NOT NULL DEFAULT 0,
    purchases int NOT NULL DEFAULT 0,
    revenue_xaf bigint NOT NULL DEFAULT 0,
    visits int NOT NULL DEFAULT 0,
    page_views int NOT NULL DEFAULT 0,
    visitors int NOT NULL DEFAULT 0,
    visit_seconds bigint NOT NULL DEFAULT 0,
    video_views int NOT NULL DEFAULT 0,
    pdf_downloads int NOT NULL DEFAULT 0
  )`);
  await q.query(`CREATE TABLE daily_page_stats (
    day date NOT NULL,
    path text NOT NULL,
    views int NOT NULL DEFAULT 0,
    visits int NOT NULL DEFAULT 0,
    PRIMARY KEY (day, path)
  )`);
  await q.query(`CREATE TABLE daily_item_stats (
    day date NOT NULL,
    item_id uuid NOT NULL,
    item_type text NOT NULL,
    title text NOT NULL,
    last_sold_at timestamptz NOT NULL,
    sales int NOT NULL DEFAULT 0,
    revenue_xaf bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (day, item_id)
  )`);
  await q.query(`INSERT INTO counters (name, value) VALUES ('buyers', 0) ON CONFLICT (name) DO NOTHING`);

  // The bell.
  await q.query(`CREATE TABLE admin_alerts (
    alert_id text PRIMARY KEY,
    kind text NOT NULL,
    title text,
    href text,
    open boolean NOT NULL,
    raised_at timestamptz,
    last_event_at timestamptz NOT NULL
  )`);
  await q.query(`CREATE INDEX admin_alerts_open ON admin_alerts (raised_at DESC) WHERE open`);
}

/** Every day the existing page views cover, recomputed with the new meaning of a visit. */
async function rollupExistingDays(q: QueryRunner): Promise<void> {
  const [range] = (await q.query(`SELECT min(day)::text AS first, max(day)::text AS last FROM page_visits`)) as Array<{ first: string | null; last: string | null }>;
  if (range?.first && range.last) {
    await q.query(`INSERT INTO daily_stats (day) SELECT d::date FROM generate_series($1::date, $2::date, interval '1 day') AS d`, [range.first, range.last]);
    for (const statement of REBUILD_SQL) await q.query(statement, [range.first, range.last]);
  }
}

/**
 * Issue 10: visits become sessions (page views of one visitor with gaps under 30 minutes), the
 * raw tables the consumers fill, the daily rollups and the bell's alerts. Existing page views are
 * grouped into visits by the same gap rule, and the rollups of every day they cover are computed.
 */
export class VisitsAndStatistics1771000000000 implements MigrationInterface {
  name = 'VisitsAndStatistics1771000000000';

  async up(q: QueryRunner): Promise<void> {
    await visitsFromPageViews(q);
    await readModels(q);
    await rollupsAndBell(q);
    await rollupExistingDays(q);
    await q.query(`DROP TABLE daily_counters`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE daily_counters (day date PRIMARY KEY, visits int NOT NULL DEFAULT 0 CHECK (visits >= 0))`);
    await q.query(`INSERT INTO daily_counters (day, visits) SELECT day, count(*) FROM page_visits GROUP BY day`);
    for (const table of ['admin_alerts', 'daily_item_stats', 'daily_page_stats', 'daily_stats', 'pdf_downloads', 'video_views', 'refunds', 'purchases', 'registrations']) {
      await q.query(`DROP TABLE ${table}`);
    }
    await q.query(`DELETE FROM counters WHERE name = 'buyers'`);
    await q.query(`DROP TABLE visitor_last_days`);
    await q.query(`DROP INDEX page_visits_visitor_day`);
    await q.query(`DROP INDEX page_visits_visited_at`);
    await q.query(`ALTER TABLE page_visits DROP COLUMN visit_id`);
    await q.query(`DROP TABLE visits`);
  }
}
