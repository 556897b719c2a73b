#!/usr/bin/env node
'use strict';
/**
 * `npm run bench`: figures only, nothing passes or fails. It measures the way GraphQL benchmarks do:
 *  - its own copy of the product in production mode (own ports, database, stream, Redis prefix),
 *    removed at the end (stack.discard());
 *  - the load generator (autocannon) in its own process, on loopback;
 *  - in the same run, a bare node:http server and a bare @apollo/server answering the settings query
 *    from memory, each in its own process, as what the machine can do before any of our code runs.
 * It prints requests/s and p50/p99 for siteSettings, `me` (a real access token) and the videos page
 * (first page of 12), against a subgraph directly (with the gateway's credential) and through the
 * gateway; the ratios gateway/subgraph and subgraph/bare node:http; the visit -> live subscriber
 * latency; and the live fan-out to 1,000 subscribers.
 *
 * Knobs (environment): BENCH_SECONDS (8), BENCH_WARMUP_SECONDS (2), BENCH_CONNECTIONS (16),
 * BENCH_VISITS (100), BENCH_FANOUT_SUBSCRIBERS (1000), BENCH_FANOUT_VISITS (5), BENCH_PURCHASES (200),
 * BENCH_PURCHASE_CONCURRENCY (4), BENCH_PORT_OFFSET (500: the stack's ports are the defaults plus this),
 * BENCH_ONLY (comma list of parts to run: http, live, fanout, commerce, users, media, pdf, player, newsletter, stats, ladder, ssr, lighthouse, recovery;
 * pdf and newsletter need no stack: scripts/bench/pdf-stamp.js, scripts/bench/newsletter.js, which
 * makes its own database, stream and Redis prefix and sends one campaign to 10,000 subscribers).
 * stats needs no stack either: scripts/bench/statistics.js, adminStatistics on 12 months of history.
 * ladder needs no stack either: scripts/bench/ladder-bytes.js, the streaming ladder's bytes per minute and SSIM per rung
 * for a talking-head and a slides lesson, before (scripts/bench/ladder-bytes.before.json) and now.
 * With a commerce service in the registry it adds the purchase -> entitlement latency and the
 * dashboard query's gateway cost (scripts/bench/commerce.js), and then the admin users page (25 rows joined
 * over identity, commerce and messaging) through the gateway vs each subgraph's part (part `users`,
 * scripts/bench/users.js). Part `ssr` (scripts/bench/ssr.js): GET / and /actualites as HTML through the gateway
 * (requests/s, p50/p99, bytes; says whether #root came server-rendered). Part `lighthouse`
 * (scripts/bench/lighthouse.js): Lighthouse mobile on four public pages (BENCH_LIGHTHOUSE_PAGES picks some), median
 * of BENCH_LIGHTHOUSE_RUNS (5) and the spread (min / median / max) of the score and TBT, reports in .data/bench/lighthouse.
 * Then the memory of each part of the stack, now and at its peak over the run (scripts/bench/memory.js).
 * Part `recovery` (scripts/bench/recovery.js), last because it kills processes: each service in turn is killed with
 * kill -9 under 50 requests/s (BENCH_RECOVERY_RATE) and restarted; it prints the seconds from the restart until
 * its own requests succeed again through the gateway, and the errors of requests that do not need it.
 */
const { fork } = require('node:child_process');
const { availableParallelism } = require('node:os');
const { join } = require('node:path');
const { createClient } = require('graphql-ws');
const WebSocket = require('ws');
const { SERVICES, startThrowawayStack, throwawayNames } = require('./lib/stack');
const { root } = require('./lib/build');
const { SETTINGS, ME, VIDEOS, LIVE } = require('./bench/queries');
const { measureFanOut, percentile, postVisit } = require('./bench/fanout');
const { runLoad, WINDOW } = require('./bench/load');
const { benchCommerce } = require('./bench/commerce');
const { benchMedia } = require('./bench/media-endpoints');
const { benchPlayer } = require('./bench/player');
const { benchUsersTable } = require('./bench/users');
const { benchSsr } = require('./bench/ssr');
const { benchLighthouse } = require('./bench/lighthouse');
const { printMemory } = require('./bench/memory');
const { benchRecovery } = require('./bench/recovery');

const env = process.env;
const { seconds: SECONDS, warmupSeconds: WARMUP, connections: CONNECTIONS } = WINDOW;
const VISITS = Number(env.BENCH_VISITS ?? 100);
const FANOUT_SUBSCRIBERS = Number(env.BENCH_FANOUT_SUBSCRIBERS ?? 1000);
const FANOUT_VISITS = Number(env.BENCH_FANOUT_VISITS ?? 5);
const PURCHASES = Number(env.BENCH_PURCHASES ?? 200);
const PURCHASE_CONCURRENCY = Number(env.BENCH_PURCHASE_CONCURRENCY ?? 4);
const ONLY = env.BENCH_ONLY ? new Set(env.BENCH_ONLY.split(',').map((s) => s.trim())) : null;
const part = (name) => !ONLY || ONLY.has(name);
const BENCH_DIR = join(__dirname, 'bench');

/** Starts a baseline server in its own process; resolves with its URL and the child to kill. */
function startBaseline(kind) {
  const child = fork(join(BENCH_DIR, 'baseline.js'), [kind], { env: { ...env, NODE_ENV: 'production' }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', ({ port }) => resolve({ url: `http://127.0.0.1:${port}/graphql`, child }));
    child.once('exit', (code) => reject(new Error(`baseline ${kind} exited with code ${code}`)));
  });
}

/** One autocannon run of a GraphQL operation in a fresh process (bench/load.js). */
function load(url, query, headers = {}, variables = undefined) {
  return runLoad({ url, body: JSON.stringify({ query, variables }), headers });
}

/** One request first: a target that answers errors would otherwise be measured at its error speed. */
async function check(url, query, headers = {}) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query }) });
  const body = await res.json().catch(() => null);
  if (!res.ok || !body || body.errors || !body.data) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(body)}`);
  return body.data;
}

const fmt = (n) => Math.round(n).toLocaleString('en-US');
const ms = (n) => (n === undefined ? '-' : `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms`);
const pct = (a, b) => `${((100 * a) / b).toFixed(1)} %`;

function printTable(title, rows) {
  console.log(`\n${title}`);
  console.log(`   ${'target'.padEnd(34)} ${'req/s'.padStart(8)} ${'p50'.padStart(9)} ${'p99'.padStart(9)}`);
  for (const [label, r] of rows) {
    const trouble = r.non2xx || r.errors || r.timeouts ? `   (non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts})` : '';
    console.log(`   ${label.padEnd(34)} ${fmt(r.rps).padStart(8)} ${ms(r.p50).padStart(9)} ${ms(r.p99).padStart(9)}${trouble}`);
  }
}

/** Visit -> the one subscriber's new counter, sequentially, through the gateway's graphql-ws. */
async function visitLatency(gatewayUrl, visitorId) {
  const ws = createClient({ url: gatewayUrl.replace(/^http/, 'ws'), webSocketImpl: WebSocket, lazy: false, retryAttempts: 0 });
  let waiting = null;
  let latest = -1;
  try {
    await new Promise((resolve, reject) => {
      ws.subscribe(
        { query: LIVE },
        {
          next: ({ data }) => {
            latest = data.liveCounters.visitsToday;
            resolve();
            if (waiting && latest >= waiting.target) {
              waiting.done(process.hrtime.bigint());
              waiting = null;
            }
          },
          error: reject,
          complete: () => undefined,
        },
      );
    });
    const latencies = [];
    for (let i = 0; i < VISITS; i++) {
      const target = latest + 1;
      const received = new Promise((done) => (waiting = { target, done }));
      const t0 = process.hrtime.bigint();
      // A new visitor each time: one visitor's page views 30 minutes apart or less are one visit (analytics).
      await postVisit(gatewayUrl, `${visitorId}-${i}`);
      const t1 = await Promise.race([received, new Promise((r) => setTimeout(() => r(null), 5000))]);
      if (t1 === null) throw new Error(`visit ${i}: no counter update within 5 s`);
      latencies.push(Number(t1 - t0) / 1e6);
    }
    latencies.sort((a, b) => a - b);
    return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies[latencies.length - 1] };
  } finally {
    await ws.dispose();
  }
}

async function main() {
  const began = Date.now();
  if (part('pdf')) await new Promise((ok, ko) => fork(join(BENCH_DIR, 'pdf-stamp.js')).once('exit', (c) => (c ? ko(new Error(`pdf bench: exit ${c}`)) : ok())));
  if (part('newsletter')) await new Promise((ok, ko) => fork(join(BENCH_DIR, 'newsletter.js')).once('exit', (c) => (c ? ko(new Error(`newsletter bench: exit ${c}`)) : ok())));
  if (part('stats')) await new Promise((ok, ko) => fork(join(BENCH_DIR, 'statistics.js')).once('exit', (c) => (c ? ko(new Error(`statistics bench: exit ${c}`)) : ok())));
  if (part('ladder')) await new Promise((ok, ko) => fork(join(BENCH_DIR, 'ladder-bytes.js')).once('exit', (c) => (c ? ko(new Error(`ladder bench: exit ${c}`)) : ok())));
  if (ONLY && [...ONLY].every((p) => p === 'pdf' || p === 'newsletter' || p === 'stats' || p === 'ladder')) return;
  const run = throwawayNames('bench');
  const { suffix, database } = run;
  // Another copy of the bench on this machine uses 500 by default: BENCH_PORT_OFFSET keeps them apart.
  const portOffset = Number(env.BENCH_PORT_OFFSET ?? 500);
  const baselines = [];
  let stack = null;
  try {
    console.log(`Bench: production stack on loopback, autocannon in its own process, ${CONNECTIONS} connections, ${SECONDS} s per target after ${WARMUP} s warm-up; ${availableParallelism()} cores.`);
    const [bareHttp, bareApollo] = await Promise.all([startBaseline('http'), startBaseline('apollo')]);
    baselines.push(bareHttp.child, bareApollo.child);
    stack = await startThrowawayStack(run, {
      production: true,
      port: 4000 + portOffset + 100,
      // autocannon and the probes below address the gateway by its IPv4 loopback (localhost may
      // resolve to ::1 first): that is this stack's one address, so no page answer is a redirect.
      publicUrl: `http://127.0.0.1:${4000 + portOffset + 100}`,
      portOffset,
      dataDir: join(root, '.data', 'bench'),
      logLevel: 'warn',
      quiet: true,
      // The load targets send their documents as text (a tool's requests, not the web app's registered
      // ones, issue 24): the production gateway's trusted-documents rule is left off for them.
      extraEnv: { VISIT_RATE_LIMIT_PER_MINUTE: '1000000', TRUSTED_DOCUMENTS_ONLY: 'off' },
      // The playback bench plays demo lessons: their ladders must be built first (and no part
      // measures while ffmpeg builds them). Without the player or media parts, short lessons do.
      demoVideoMaxSeconds: part('player') || part('media') ? 90 : 10,
      waitForDemoVideosMs: 300_000,
    });
    console.log(`Stack up in ${((Date.now() - began) / 1000).toFixed(0)} s.`);

    const gatewayUrl = `${stack.url}/graphql`;
    const subgraph = (name) => `http://127.0.0.1:${SERVICES.find((s) => s.name === name).port + portOffset}/graphql`;
    const credential = { 'x-lbf-gateway-secret': stack.subgraphSecret };

    const signIn = await fetch(gatewayUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'mutation BenchSignIn($input: SignInInput!) { signIn(input: $input) { accessToken } }',
        variables: { input: { email: stack.demo.customer.email, password: stack.demo.customer.password } },
      }),
    }).then((r) => r.json());
    const token = signIn.data?.signIn?.accessToken;
    if (!token) throw new Error(`sign-in failed: ${JSON.stringify(signIn)}`);
    const bearer = { authorization: `Bearer ${token}` };

    const targets = {
      settings: [
        ['bare node:http', bareHttp.url, {}],
        ['bare Apollo Server', bareApollo.url, {}],
        ['catalogue subgraph (direct)', subgraph('catalogue'), credential],
        ['gateway', gatewayUrl, {}],
      ],
      me: [
        ['identity subgraph (direct)', subgraph('identity'), { ...credential, ...bearer }],
        ['gateway', gatewayUrl, bearer],
      ],
      videos: [
        ['catalogue subgraph (direct)', subgraph('catalogue'), credential],
        ['gateway', gatewayUrl, {}],
      ],
    };
    if (part('http')) {
      const queries = { settings: SETTINGS, me: ME, videos: VIDEOS };
      for (const [key, list] of Object.entries(targets)) for (const [, url, headers] of list) await check(url, queries[key], headers);

      const results = {};
      for (const [key, list] of Object.entries(targets)) {
        results[key] = [];
        for (const [label, url, headers] of list) results[key].push([label, await load(url, queries[key], headers)]);
      }
      const byLabel = (key, label) => results[key].find(([l]) => l === label)[1];
      const bare = byLabel('settings', 'bare node:http');

      printTable('1. siteSettings (anonymous; the baselines answer the same fields from memory)', results.settings);
      printTable('2. me (the demo customer\'s access token)', results.me);
      printTable('3. videos page (first page of 12, anonymous)', results.videos);

      console.log('\nRatios (requests/s)');
      console.log(`   ${'query'.padEnd(14)} ${'gateway/subgraph'.padStart(17)} ${'subgraph/bare node:http'.padStart(24)}`);
      for (const key of Object.keys(targets)) {
        const sub = results[key].find(([l]) => l.endsWith('(direct)'))[1];
        const gw = byLabel(key, 'gateway');
        console.log(`   ${key.padEnd(14)} ${pct(gw.rps, sub.rps).padStart(17)} ${pct(sub.rps, bare.rps).padStart(24)}`);
      }
      console.log(`   bare Apollo Server / bare node:http: ${pct(byLabel('settings', 'bare Apollo Server').rps, bare.rps)}`);
    }

    if (part('live')) {
      const visit = await visitLatency(gatewayUrl, `bench-${suffix}`);
      console.log(`\n4. Page visit recorded -> the subscriber receives the new counter (${VISITS} visits, one after another, via the gateway)`);
      console.log(`   p50 ${ms(visit.p50)}   p99 ${ms(visit.p99)}   max ${ms(visit.max)}`);
    }

    if (part('fanout')) {
      const fan = await measureFanOut({ httpUrl: gatewayUrl, subscribers: FANOUT_SUBSCRIBERS, visits: FANOUT_VISITS, visitorId: `bench-fan-${suffix}` });
      console.log(`\n5. Live fan-out: ${fan.subscribers} subscribers to liveCounters through the gateway, ${fan.visits} visits; per-subscriber delivery latency`);
      console.log(`   p50 ${ms(fan.p50)}   p99 ${ms(fan.p99)}   max ${ms(fan.max)}   (${fan.samples} deliveries${fan.missed ? `, ${fan.missed} missing after 10 s` : ''})`);
    }

    if (part('commerce')) {
      if (!SERVICES.some((s) => s.name === 'commerce')) console.log('\n6-7. Commerce: no commerce service in the registry; skipped.');
      else {
        const { serviceDatabaseUrl } = require(join(root, 'services', 'kit', 'dist'));
        await benchCommerce({
          gatewayUrl,
          subgraph,
          credential,
          identityDbUrl: serviceDatabaseUrl(env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'identity', database),
          // The provider sandbox scripts/lib/stack.js starts (default port 4106 + the stack's offset).
          sandboxUrl: `http://127.0.0.1:${4106 + portOffset}`,
          root,
          // What the identity CLI needs to publish its events on this stack's stream.
          env: { NODE_ENV: 'production', NATS_URL: env.NATS_URL ?? 'nats://127.0.0.1:4222', REDIS_URL: env.REDIS_URL ?? 'redis://127.0.0.1:6379', EVENT_STREAM: run.stream, EVENT_PREFIX: run.prefix, REDIS_KEY_PREFIX: run.redisKeyPrefix },
          suffix,
          load,
          printTable,
          purchases: PURCHASES,
          concurrency: PURCHASE_CONCURRENCY,
        });
      }
    }

    if (part('users')) {
      const { serviceDatabaseUrl } = require(join(root, 'services', 'kit', 'dist'));
      await benchUsersTable({
        gatewayUrl,
        subgraph,
        credential,
        admin: stack.demo.admin,
        identityDbUrl: serviceDatabaseUrl(env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'identity', database),
        root,
        env: { NODE_ENV: 'production', NATS_URL: env.NATS_URL ?? 'nats://127.0.0.1:4222', REDIS_URL: env.REDIS_URL ?? 'redis://127.0.0.1:6379', EVENT_STREAM: run.stream, EVENT_PREFIX: run.prefix, REDIS_KEY_PREFIX: run.redisKeyPrefix },
        suffix,
        load,
        printTable,
      });
    }

    if (part('media')) {
      const { serviceDatabaseUrl } = require(join(root, 'services', 'kit', 'dist'));
      await benchMedia({
        gatewayUrl,
        subgraph,
        credential,
        token,
        catalogueDbUrl: serviceDatabaseUrl(env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'catalogue', database),
        mediaDir: join(root, '.data', 'bench', 'media'),
        root,
        printTable,
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: WARMUP,
      });
    }

    if (part('player')) {
      await benchPlayer({ stackUrl: stack.url, gatewayUrl, databaseUrl: `${(env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres').replace(/\/[^/]*$/, '')}/${database}`, customer: stack.demo.customer });
    }

    if (part('ssr')) await benchSsr({ stackUrl: stack.url, printTable, connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP });

    if (part('lighthouse')) await benchLighthouse({ stackUrl: stack.url, gatewayUrl, outDir: join(root, '.data', 'bench', 'lighthouse') });

    // Before recovery, which kills and restarts processes (their peaks would start again).
    printMemory(stack.children);

    if (part('recovery')) await benchRecovery({ stack, gatewayUrl, bearer, services: SERVICES, rate: Number(env.BENCH_RECOVERY_RATE ?? 50) });
  } finally {
    for (const child of baselines) child.kill();
    if (stack) await stack.discard();
    console.log(`\nBench done in ${((Date.now() - began) / 1000).toFixed(0)} s; its stack, database, stream and Redis keys are removed.`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
