#!/usr/bin/env node
'use strict';
/**
 * `npm run bench`: starts its own copy of the product (own ports, database, stream) and prints:
 *  1. the `me` query through the gateway vs straight to identity: requests/s, p50/p99, ratio;
 *  2. the /videos listing (first page, 12 items) through the gateway vs straight to catalogue;
 *  3. page visit recorded -> new counter received by a live subscriber: p50/p99 over 200 visits.
 * Figures only; nothing here passes or fails.
 */
const { randomBytes } = require('node:crypto');
const { join } = require('node:path');
const { createClient } = require('graphql-ws');
const WebSocket = require('ws');
const { startStack } = require('./lib/stack');
const { root } = require('./lib/build');

const ME = 'query BenchMe { me { id email firstName isAdmin } }';
// What /videos asks for its first page (12 cards).
const VIDEOS = `query BenchVideos {
  videos(sort: NEWEST, page: 1, pageSize: 12) {
    total page totalPages
    items { id title description category categoryLabel priceCents currency durationSeconds thumbnailUrl }
  }
}`;

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function gql(url, query, variables, token) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** Fires `total` requests with `concurrency` in flight; returns throughput and latency percentiles. */
async function load(label, total, concurrency, once) {
  for (let i = 0; i < 50; i++) await once(); // warm-up
  const latencies = [];
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const t0 = process.hrtime.bigint();
        await once();
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort((a, b) => a - b);
  return { label, rps: total / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

(async () => {
  const suffix = randomBytes(4).toString('hex');
  const stack = await startStack({
    port: 4600,
    portOffset: 500,
    database: 'lbf_bench',
    freshDatabase: true,
    stream: `BENCH_${suffix}`,
    prefix: `bench${suffix}`,
    redisKeyPrefix: `bench${suffix}`,
    dataDir: join(root, '.data', 'bench'),
    logLevel: 'warn',
    quiet: true,
    extraEnv: { VISIT_RATE_LIMIT_PER_MINUTE: '1000000' },
  });
  const gatewayUrl = `${stack.url}/graphql`;
  const identityUrl = `http://127.0.0.1:${4101 + 500}/graphql`;
  const catalogueUrl = `http://127.0.0.1:${4102 + 500}/graphql`;
  try {
    const signIn = await gql(
      gatewayUrl,
      'mutation BenchSignIn($input: SignInInput!) { signIn(input: $input) { accessToken error { message } } }',
      { input: { email: stack.demo.customer.email, password: stack.demo.customer.password } },
    );
    const token = signIn.signIn.accessToken;
    if (!token) throw new Error(`sign-in failed: ${JSON.stringify(signIn.signIn.error)}`);

    const total = Number(process.env.BENCH_REQUESTS ?? 3000);
    const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
    const direct = await load('me -> identity (direct)', total, concurrency, () => gql(identityUrl, ME, {}, token));
    const viaGateway = await load('me -> gateway -> identity', total, concurrency, () => gql(gatewayUrl, ME, {}, token));

    console.log(`\n1. Query \`me\` (${total} requests, ${concurrency} concurrent, this machine: 2 cores)`);
    for (const r of [direct, viaGateway]) {
      console.log(`   ${r.label.padEnd(28)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50.toFixed(2)} ms   p99 ${r.p99.toFixed(2)} ms`);
    }
    console.log(`   gateway/direct throughput ratio: ${(viaGateway.rps / direct.rps).toFixed(2)}   p50 ratio: ${(viaGateway.p50 / direct.p50).toFixed(2)}`);

    const listDirect = await load('videos p1 -> catalogue', total, concurrency, () => gql(catalogueUrl, VIDEOS, {}, token));
    const listGateway = await load('videos p1 -> gateway', total, concurrency, () => gql(gatewayUrl, VIDEOS, {}, token));
    console.log(`\n2. /videos listing, first page of 12 (${total} requests, ${concurrency} concurrent)`);
    for (const r of [listDirect, listGateway]) {
      console.log(`   ${r.label.padEnd(28)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50.toFixed(2)} ms   p99 ${r.p99.toFixed(2)} ms`);
    }
    console.log(`   gateway/direct throughput ratio: ${(listGateway.rps / listDirect.rps).toFixed(2)}   p50 ratio: ${(listGateway.p50 / listDirect.p50).toFixed(2)}`);

    // 2. Visit -> live counter latency, through the gateway's graphql-ws endpoint.
    const visits = Number(process.env.BENCH_VISITS ?? 200);
    const ws = createClient({ url: gatewayUrl.replace(/^http/, 'ws'), webSocketImpl: WebSocket, lazy: false });
    let waiting = null;
    let latest = -1;
    await new Promise((resolve, reject) => {
      ws.subscribe(
        { query: 'subscription BenchCounters { liveCounters { visitsToday registeredUsers } }' },
        {
          next: ({ data }) => {
            latest = data.liveCounters.visitsToday;
            if (latest >= 0) resolve();
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
    const visitorId = `bench-${suffix}`;
    for (let i = 0; i < visits; i++) {
      const target = latest + 1;
      const received = new Promise((done) => (waiting = { target, done }));
      const t0 = process.hrtime.bigint();
      await gql(gatewayUrl, 'mutation BenchVisit($input: PageVisitInput!) { recordPageVisit(input: $input) }', {
        input: { path: '/', visitorId },
      });
      const t1 = await Promise.race([received, new Promise((r) => setTimeout(() => r(null), 5000))]);
      if (t1 === null) throw new Error(`visit ${i}: no counter update within 5 s`);
      latencies.push(Number(t1 - t0) / 1e6);
    }
    await ws.dispose();
    latencies.sort((a, b) => a - b);
    console.log(`\n3. Page visit recorded -> subscriber receives the new counter (${visits} visits, via gateway)`);
    console.log(`   p50 ${percentile(latencies, 50).toFixed(2)} ms   p99 ${percentile(latencies, 99).toFixed(2)} ms   max ${latencies[latencies.length - 1].toFixed(2)} ms\n`);
  } finally {
    await stack.discard();
  }
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
