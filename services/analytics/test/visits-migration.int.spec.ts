import { createTestDatabase, type TestDatabase } from '@lbf/service-kit/testing';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../src/database';

let db: TestDatabase;
let ds: DataSource;
let sql: Client;

beforeAll(async () => {
  db = await createTestDatabase();
  ds = createDataSource(db.urlFor('analytics'), 2);
  await ds.initialize();
  sql = new Client({ connectionString: db.adminUrl });
  await sql.connect();
});

afterAll(async () => {
  await sql?.end();
  await ds?.destroy();
  await db?.drop();
});

describe('the migration to visits as sessions', () => {
  it('groups the page views stored before it into visits by the 30-minute gap and computes the rollups of their days', async () => {
    // Back to the tables as they were: page views only, and daily counters that counted page views
    // (the visitors' video views migration came after it, so it is undone first).
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
});
