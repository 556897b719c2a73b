import { withHarness } from '@lbf/service-kit/testing';
import type { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { setupAnalyticsDatabase } from './harness';

const db = withHarness(() => setupAnalyticsDatabase());
let ds: DataSource;
let sql: Client;

beforeAll(async () => {
  ({ ds, sql } = db);
});

describe('the migration to visits as sessions', () => {
  it('groups the page views stored before it into visits by the 30-minute gap and computes the rollups of their days', async () => {
    // Back to the tables as they were: page views only, and daily counters that counted page views
    // (the migrations after it undone first: the journal's integrations, the administrators' journal, the health-data consents, the visitors' video views, one count of sales and sign-ups).
    await ds.undoLastMigration();
    await ds.undoLastMigration();
    await ds.undoLastMigration();
    await ds.undoLastMigration();
    await ds.undoLastMigration();
    await ds.undoLastMigration();
    await sql.query(
      `INSERT INTO analytics.page_visits (id, path, visitor_id, user_agent, not_found, visited_at, day) VALUES
        (gen_random_uuid(), '/',        'old-a', NULL, false, '2025-05-01T09:00:00+01:00', '2025-05-01'),
        (gen_random_uuid(), '/videos',  'old-a', NULL, false, '2025-05-01T09:10:00+01:00', '2025-05-01'),
        (gen_random_uuid(), '/videos',  'old-a', NULL, false, '2025-05-01T09:39:59+01:00', '2025-05-01'),
        (gen_random_uuid(), '/pdfs',    'old-a', NULL, false, '2025-05-01T10:10:00+01:00', '2025-05-01'),
        (gen_random_uuid(), '/',        'old-b', NULL, false, '2025-05-01T23:50:00+01:00', '2025-05-01'),
        (gen_random_uuid(), '/faq',     'old-b', NULL, true,  '2025-05-02T00:05:00+01:00', '2025-05-02')`,
    );
    await sql.query(`INSERT INTO analytics.daily_counters (day, visits) VALUES ('2025-05-01', 5), ('2025-05-02', 1)`);

    await ds.runMigrations({ transaction: 'each' });

    const visits = await sql.query(
      `SELECT visitor_id, page_views, day::text AS day, extract(epoch FROM last_seen_at - started_at)::int AS seconds
       FROM analytics.visits ORDER BY visitor_id, started_at`,
    );
    expect(visits.rows).toEqual([
      { visitor_id: 'old-a', page_views: 3, day: '2025-05-01', seconds: 2399 },
      { visitor_id: 'old-a', page_views: 1, day: '2025-05-01', seconds: 0 },
      { visitor_id: 'old-b', page_views: 2, day: '2025-05-01', seconds: 900 },
    ]);
    const orphans = await sql.query(`SELECT count(*)::int AS n FROM analytics.page_visits p LEFT JOIN analytics.visits v ON v.id = p.visit_id WHERE v.id IS NULL`);
    expect(orphans.rows[0].n).toBe(0);

    const days = await sql.query(`SELECT day::text AS day, visits, page_views, visitors, visit_seconds::int AS seconds FROM analytics.daily_stats ORDER BY day`);
    expect(days.rows).toEqual([
      { day: '2025-05-01', visits: 3, page_views: 5, visitors: 2, seconds: 3299 },
      { day: '2025-05-02', visits: 0, page_views: 1, visitors: 1, seconds: 0 },
    ]);
    const pages = await sql.query(`SELECT day::text AS day, path, views, visits FROM analytics.daily_page_stats ORDER BY day, path`);
    expect(pages.rows).toEqual([
      { day: '2025-05-01', path: '/', views: 2, visits: 2 },
      { day: '2025-05-01', path: '/pdfs', views: 1, visits: 1 },
      { day: '2025-05-01', path: '/videos', views: 2, visits: 1 },
    ]);
    const last = await sql.query(`SELECT visitor_id, last_day::text AS day FROM analytics.visitor_last_days ORDER BY visitor_id`);
    expect(last.rows).toEqual([
      { visitor_id: 'old-a', day: '2025-05-01' },
      { visitor_id: 'old-b', day: '2025-05-02' },
    ]);
  });

  it('recomputes the rollups with one definition of a sign-up (any account) and of a sale (not refunded)', async () => {
    // As the rollups stood before: sign-ups by the form only, a refunded order still a sale (of 0 FCFA)
    // (the journal's integrations, the administrators' journal, the health-data consents and the visitors' video views migrations, which came after it, undone first).
    await ds.undoLastMigration();
    await ds.undoLastMigration();
    await ds.undoLastMigration();
    await ds.undoLastMigration();
    await ds.undoLastMigration();
    const [awa, binta, video, guide] = ['a', 'b', 'c', 'd'].map((c) => `00000000-0000-4000-8000-00000000000${c}`);
    const [o1, o2, o3] = ['1', '2', '3'].map((c) => `10000000-0000-4000-8000-00000000000${c}`);
    await sql.query(`INSERT INTO analytics.registrations (user_id, origin, registered_at, day) VALUES
      (gen_random_uuid(), 'sign-up', '2025-06-01T10:00:00Z', '2025-06-01'),
      (gen_random_uuid(), 'admin-command', '2025-06-01T11:00:00Z', '2025-06-01'),
      (gen_random_uuid(), 'admin-command', '2025-06-02T11:00:00Z', '2025-06-02')`);
    await sql.query(
      `INSERT INTO analytics.purchases (order_id, buyer_id, item_id, item_type, item_title, amount_xaf, provider, completed_at, day) VALUES
        ($1, $4, $6, 'video', 'Leçon 1', 3280, 'mtn', '2025-06-01T12:00:00Z', '2025-06-01'),
        ($2, $5, $6, 'video', 'Leçon 1', 3280, 'mtn', '2025-06-01T13:00:00Z', '2025-06-01'),
        ($3, $5, $7, 'pdf', 'Guide', 656, 'orange', '2025-06-02T13:00:00Z', '2025-06-02')`,
      [o1, o2, o3, awa, binta, video, guide],
    );
    await sql.query(`INSERT INTO analytics.refunds (order_id, amount_xaf, refunded_at) VALUES ($1, 656, '2025-06-03T09:00:00Z')`, [o3]);
    await sql.query(`INSERT INTO analytics.daily_stats (day, sign_ups, buyers, purchases, revenue_xaf) VALUES
      ('2025-06-01', 1, 2, 2, 6560), ('2025-06-02', 0, 1, 1, 0) ON CONFLICT (day) DO NOTHING`);
    await sql.query(`INSERT INTO analytics.daily_item_stats (day, item_id, item_type, title, last_sold_at, sales, revenue_xaf) VALUES
      ('2025-06-01', $1, 'video', 'Leçon 1', '2025-06-01T13:00:00Z', 2, 6560), ('2025-06-02', $2, 'pdf', 'Guide', '2025-06-02T13:00:00Z', 1, 0)`, [video, guide]);
    await sql.query(`UPDATE analytics.counters SET value = 2 WHERE name = 'buyers'`);

    await ds.runMigrations({ transaction: 'each' });

    const days = await sql.query(`SELECT day::text AS day, sign_ups, buyers, purchases, revenue_xaf::int AS revenue FROM analytics.daily_stats WHERE day >= '2025-06-01' ORDER BY day`);
    expect(days.rows).toEqual([
      { day: '2025-06-01', sign_ups: 2, buyers: 2, purchases: 2, revenue: 6560 },
      { day: '2025-06-02', sign_ups: 1, buyers: 0, purchases: 0, revenue: 0 },
    ]);
    const items = await sql.query(`SELECT day::text AS day, item_id, sales, revenue_xaf::int AS revenue FROM analytics.daily_item_stats ORDER BY day`);
    expect(items.rows).toEqual([{ day: '2025-06-01', item_id: video, sales: 2, revenue: 6560 }]);
    expect((await sql.query(`SELECT value::int AS n FROM analytics.counters WHERE name = 'buyers'`)).rows[0].n).toBe(2);
  });
});
