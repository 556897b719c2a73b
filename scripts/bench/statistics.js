'use strict';
/**
 * The `stats` part of `npm run bench` (BENCH_ONLY=stats runs it alone, without a stack): the
 * administrators' statistics query on 12 months of generated history. Analytics runs as its own
 * process (`node services/analytics/dist/main.js`, production mode) with its own database, stream
 * and Redis prefix. The history is written by bulk SQL (generate_series): 100,000 visits with their
 * page views, 5,000 registrations, 2,000 purchases (some refunded), video views and PDF downloads;
 * then the service's own nightly job rebuilds the rollups of the whole year (its rebuild function,
 * timed). It measures adminStatistics(days: 30) and (days: 365) over HTTP against the subgraph
 * (with the gateway's credential and an administrator's token): requests/s, p50 and p99.
 * Everything it made is removed.
 *
 * Knobs (environment): BENCH_STATS_VISITS (100000), BENCH_STATS_USERS (5000), BENCH_STATS_PURCHASES
 * (2000), BENCH_SECONDS (8), BENCH_WARMUP_SECONDS (2), BENCH_CONNECTIONS (16).
 */
const { availableParallelism } = require('node:os');
const { join } = require('node:path');
const { root, buildStale } = require('../lib/build');
const { runLoad, WINDOW } = require('./load');
const { startLoneService } = require('./lone-service');

const env = process.env;
const VISITS = Number(env.BENCH_STATS_VISITS ?? 100_000);
const USERS = Number(env.BENCH_STATS_USERS ?? 5000);
const PURCHASES = Number(env.BENCH_STATS_PURCHASES ?? 2000);
const TZ = 'Africa/Douala';

/** What the back-office statistics page asks (web/src/admin/stats/operations.ts, AdminStatsAnalytics). */
const STATISTICS = `query BenchStatistics($days: Int!) {
  adminStatistics(days: $days) {
    from to
    daily { day signUps buyers revenueXaf visits pageViews }
    conversion { registeredUsers buyers buyerRate visitors signUps signUpRate }
    averageVisitSeconds pagesPerVisit
    topPages { path views visits }
    topItems { itemId itemType title sales revenueXaf }
    totalVideoViews totalPdfDownloads totalVisits
  }
}`;

function load(url, query, variables, headers) {
  return runLoad({ url, body: JSON.stringify({ query, variables }), headers });
}

/** 12 months of history, written straight into analytics' raw tables. */
async function seed(sql) {
  const days = `(now() AT TIME ZONE '${TZ}')::date`;
  // Visits: visitors come back (about 3 visits each), 1 to 7 page views 20 s to 4 min apart.
  await sql.query(`CREATE TEMP TABLE bench_visits AS
    SELECT gen_random_uuid() AS id, 'bench-visitor-' || (i % ${Math.max(1, Math.floor(VISITS / 3))}) AS visitor_id,
           now() - random() * interval '364 days' - interval '1 hour' AS started_at,
           1 + floor(random() * random() * 7)::int AS page_views, (20 + floor(random() * 220))::int AS gap
    FROM generate_series(1, $1) AS i`, [VISITS]);
  await sql.query(`INSERT INTO analytics.visits (id, visitor_id, started_at, last_seen_at, page_views, day)
    SELECT id, visitor_id, started_at, started_at + make_interval(secs => gap * (page_views - 1)), page_views, (started_at AT TIME ZONE '${TZ}')::date
    FROM bench_visits`);
  await sql.query(`INSERT INTO analytics.page_visits (id, visit_id, path, visitor_id, user_agent, not_found, visited_at, day)
    SELECT gen_random_uuid(), v.id, p.path, v.visitor_id, 'Mozilla/5.0 (bench)', p.path LIKE '/introuvable%', t.at, (t.at AT TIME ZONE '${TZ}')::date
    FROM bench_visits v
    CROSS JOIN LATERAL generate_series(0, v.page_views - 1) AS k
    CROSS JOIN LATERAL (SELECT v.started_at + make_interval(secs => v.gap * k) AS at) AS t
    CROSS JOIN LATERAL (SELECT (ARRAY['/', '/videos', '/pdfs', '/actualites', '/faq', '/contact', '/videos/lecon-' || (1 + (k + length(v.visitor_id)) % 8),
                                      '/pdfs/guide-' || (1 + k % 6), '/actualites/article-' || (1 + k % 4), '/introuvable-' || k])[1 + floor(random() * 10)::int] AS path) AS p`);
  await sql.query(`INSERT INTO analytics.visitor_last_days (visitor_id, last_day) SELECT visitor_id, max(day) FROM analytics.page_visits GROUP BY visitor_id`);
  await sql.query(`INSERT INTO analytics.registrations (user_id, origin, registered_at, day)
    SELECT gen_random_uuid(), CASE WHEN i % 50 = 0 THEN 'admin-command' ELSE 'sign-up' END, at, (at AT TIME ZONE '${TZ}')::date
    FROM (SELECT i, now() - random() * interval '364 days' AS at FROM generate_series(1, $1) AS i) AS r`, [USERS]);
  await sql.query(`UPDATE analytics.counters SET value = $1 WHERE name = 'registered_users'`, [USERS]);
  // Purchases by 1,500 buyers of 14 items (8 videos, 6 guides); 2 % refunded.
  await sql.query(`CREATE TEMP TABLE bench_items AS
    SELECT gen_random_uuid() AS id, CASE WHEN i <= 8 THEN 'video' ELSE 'pdf' END AS type,
           CASE WHEN i <= 8 THEN 'Leçon vidéo ' || i ELSE 'Guide PDF ' || (i - 8) END AS title, (1000 + 500 * i)::bigint AS amount, i
    FROM generate_series(1, 14) AS i`);
  await sql.query(`CREATE TEMP TABLE bench_buyers AS SELECT gen_random_uuid() AS id, i FROM generate_series(0, 1499) AS i`);
  await sql.query(`INSERT INTO analytics.purchases (order_id, buyer_id, item_id, item_type, item_title, amount_xaf, provider, completed_at, day)
    SELECT gen_random_uuid(), b.id, it.id, it.type, it.title, it.amount, 'orange', p.at, (p.at AT TIME ZONE '${TZ}')::date
    FROM (SELECT i, now() - random() * interval '364 days' AS at, floor(random() * 1500)::int AS buyer, 1 + floor(random() * random() * 14)::int AS item
          FROM generate_series(1, $1) AS i) AS p
    JOIN bench_buyers b ON b.i = p.buyer JOIN bench_items it ON it.i = p.item`, [PURCHASES]);
  await sql.query(`INSERT INTO analytics.refunds (order_id, amount_xaf, refunded_at)
    SELECT order_id, amount_xaf, completed_at + interval '1 day' FROM analytics.purchases ORDER BY random() LIMIT $1`, [Math.floor(PURCHASES / 50)]);
  await sql.query(`UPDATE analytics.counters SET value = (SELECT count(DISTINCT buyer_id) FROM analytics.purchases) WHERE name = 'buyers'`);
  await sql.query(`INSERT INTO analytics.video_views (video_id, user_id, viewed_on, mode, occurred_at, day)
    SELECT DISTINCT ON (video, usr, (at AT TIME ZONE 'UTC')::date) it.id, b.id, (at AT TIME ZONE 'UTC')::date, 'FULL', at, (at AT TIME ZONE '${TZ}')::date
    FROM (SELECT now() - random() * interval '364 days' AS at, 1 + floor(random() * 8)::int AS video, floor(random() * 1500)::int AS usr FROM generate_series(1, 20000)) AS v
    JOIN bench_items it ON it.i = v.video JOIN bench_buyers b ON b.i = v.usr`);
  await sql.query(`INSERT INTO analytics.pdf_downloads (event_id, pdf_id, user_id, occurred_at, day)
    SELECT gen_random_uuid(), it.id, NULL, at, (at AT TIME ZONE '${TZ}')::date
    FROM (SELECT now() - random() * interval '364 days' AS at, 9 + floor(random() * 6)::int AS pdf FROM generate_series(1, 5000)) AS d
    JOIN bench_items it ON it.i = d.pdf`);
  await sql.query('ANALYZE');
  const counts = (await sql.query(`SELECT (SELECT count(*) FROM analytics.visits)::int AS visits, (SELECT count(*) FROM analytics.page_visits)::int AS views,
      (SELECT count(*) FROM analytics.registrations)::int AS users, (SELECT count(*) FROM analytics.purchases)::int AS purchases,
      (SELECT count(*) FROM analytics.video_views)::int AS video_views, (SELECT count(*) FROM analytics.pdf_downloads)::int AS downloads,
      (SELECT min(day)::text FROM analytics.visits) AS first, ${days}::text AS today`)).rows[0];
  return counts;
}

async function main() {
  buildStale({ log: () => {}, web: false });
  const { Queue, QueueEvents } = require(require.resolve('bullmq', { paths: [join(root, 'services', 'analytics')] }));

  let analytics = null;
  console.log(`\nStatistics: adminStatistics on 12 months of generated history, analytics in its own process (production mode); autocannon ${WINDOW.connections} connections, ${WINDOW.seconds} s after ${WINDOW.warmupSeconds} s warm-up; ${availableParallelism()} cores.`);
  try {
    analytics = await startLoneService('analytics', 'stats', { SITE_TIMEZONE: TZ });
    const { sql, prefix } = analytics;

    let began = Date.now();
    const seeded = await seed(sql);
    console.log(`   seeded in ${((Date.now() - began) / 1000).toFixed(1)} s: ${seeded.visits.toLocaleString('en')} visits, ${seeded.views.toLocaleString('en')} page views, ${seeded.users.toLocaleString('en')} users, ${seeded.purchases.toLocaleString('en')} purchases, ${seeded.video_views.toLocaleString('en')} video views, ${seeded.downloads.toLocaleString('en')} downloads (${seeded.first} to ${seeded.today})`);

    // The rollups of the whole year, by the service's own job (its rebuild function).
    const connection = { url: analytics.redisUrl };
    const queue = new Queue('analytics', { connection, prefix });
    const queueEvents = new QueueEvents('analytics', { connection, prefix });
    try {
      await queueEvents.waitUntilReady();
      began = Date.now();
      const job = await queue.add('rollup-visits', { day: seeded.first, to: seeded.today });
      const result = await job.waitUntilFinished(queueEvents, 600_000);
      console.log(`   rollups rebuilt for ${result.from} to ${result.to} in ${((Date.now() - began) / 1000).toFixed(1)} s (${result.drifted.length} days written)`);
    } finally {
      await queueEvents.close();
      await queue.close();
    }
    await sql.query('ANALYZE');

    const headers = analytics.adminHeaders;
    console.log(`   ${'query'.padEnd(28)} ${'req/s'.padStart(8)} ${'p50'.padStart(9)} ${'p99'.padStart(9)}   answer`);
    for (const days of [30, 365]) {
      const first = await fetch(analytics.url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query: STATISTICS, variables: { days } }) });
      const body = await first.json();
      if (!first.ok || body.errors) throw new Error(`adminStatistics(days: ${days}) answered ${first.status}: ${JSON.stringify(body.errors)}`);
      const s = body.data.adminStatistics;
      const r = await load(analytics.url, STATISTICS, { days }, headers);
      const trouble = r.non2xx || r.errors || r.timeouts ? `   (non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts})` : '';
      const ms = (n) => `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms`;
      console.log(
        `   ${`adminStatistics(days: ${days})`.padEnd(28)} ${Math.round(r.rps).toLocaleString('en').padStart(8)} ${ms(r.p50).padStart(9)} ${ms(r.p99).padStart(9)}   ` +
          `${s.daily.length} days, ${s.daily.reduce((n, d) => n + d.visits, 0).toLocaleString('en')} visits, ${s.conversion.visitors.toLocaleString('en')} visitors, ${s.pagesPerVisit} pages/visit, ${s.averageVisitSeconds} s/visit${trouble}`,
      );
    }
  } finally {
    if (analytics) await analytics.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
