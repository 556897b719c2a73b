'use strict';
/**
 * The commerce part of `npm run bench` (scripts/bench.js calls it on its production stack):
 *
 * 6. Purchase to entitlement: for BENCH_PURCHASES (200) distinct (buyer, item) pairs, the time from
 *    sending startCheckout (MTN, the sandbox's number 56733123453, SUCCESSFUL at once) through the
 *    gateway until `video(id) { purchased }` (or `pdf(id) { purchased }`) reads true for that buyer
 *    through the gateway: provider answer -> commerce completes the order -> commerce.purchase.completed
 *    -> catalogue's entitlement. If an attempt waits on the phone instead, it is approved through the
 *    sandbox's phone API (GET /phone/api/prompts?msisdn=, POST /phone/api/prompts/{id}/approve).
 *    Buyers are fresh customers (identity's create-admin CLI with --customer), each buying every
 *    priced item of the demo catalogue (videos and PDF guides), as many buyers as 200 pairs need.
 * 7. The dashboard query (me { purchases … } + videos(filter: { purchased: false })) through the
 *    gateway, against the same data read from the subgraphs directly (commerce's _entities for the
 *    User's purchases, catalogue's videos; identity's `me { id }`, which the gateway asks first, as a
 *    third figure), each with the buyer's token and the gateway's credential.
 */
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');
const { performance } = require('node:perf_hooks');
const { percentile } = require('./fanout');

const PHONE = '56733123453';
const POLL_MS = 25;
const PURCHASE_TIMEOUT_MS = 30_000;

const DASHBOARD = `query BenchDashboard {
  me { id purchases { id status amount { xaf } } }
  videos(filter: { purchased: false }) { items { id title priceCents } }
}`;
const DIRECT_PURCHASES = `query BenchPurchases($representations: [_Any!]!) {
  _entities(representations: $representations) { ... on User { purchases { id status amount { xaf } } } }
}`;
const DIRECT_ME = 'query BenchMeId { me { id } }';
const DIRECT_VIDEOS = 'query BenchUnpurchased { videos(filter: { purchased: false }) { items { id title priceCents } } }';
const ITEMS = `query BenchItems {
  videos(pageSize: 100) { items { id priceCents } }
  pdfs(pageSize: 100) { items { id priceCents } }
}`;
const START = `mutation BenchCheckout($input: StartCheckoutInput!) {
  startCheckout(input: $input) { order { id status attempt { status failureMessage } } error { code message field } }
}`;
const PURCHASED = {
  VIDEO: 'query BenchOwned($id: ID!) { item: video(id: $id) { purchased } }',
  PDF: 'query BenchOwned($id: ID!) { item: pdf(id: $id) { purchased } }',
};

async function gql(url, query, variables, headers = {}) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query, variables }) });
  const body = await res.json().catch(() => null);
  if (!body) throw new Error(`${url} answered ${res.status} without JSON`);
  return body;
}

function must(body, what) {
  if (body.errors || !body.data) throw new Error(`${what}: ${JSON.stringify(body.errors ?? body)}`);
  return body.data;
}

/** Customers made the way the demo customer is (identity's CLI), then signed in through the gateway. */
async function makeBuyers({ count, identityDbUrl, root, env, gatewayUrl, suffix }) {
  const cli = join(root, 'services', 'identity', 'dist', 'cli', 'create-admin.js');
  const buyers = [];
  for (let i = 0; i < count; i++) {
    const email = `bench-buyer-${suffix}-${i}@lbf.test`;
    const password = `bench-pass-${suffix}-${i}`;
    const res = spawnSync(process.execPath, [cli, '--email', email, '--password', password, '--first-name', 'Banc', '--last-name', `Acheteur${i}`, '--phone', `+2376900${String(10000 + i).slice(-5)}`, '--customer'], {
      cwd: root,
      env: { ...process.env, ...env, DATABASE_URL: identityDbUrl, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    });
    if (res.status !== 0) throw new Error(`could not create buyer ${email}: ${res.stderr || res.stdout}`);
    const signIn = must(
      await gql(gatewayUrl, 'mutation BenchBuyerSignIn($input: SignInInput!) { signIn(input: $input) { accessToken } }', { input: { email, password } }),
      `sign-in of ${email}`,
    );
    const token = signIn.signIn?.accessToken;
    if (!token) throw new Error(`sign-in of ${email} gave no token: ${JSON.stringify(signIn)}`);
    const me = must(await gql(gatewayUrl, '{ me { id } }', {}, { authorization: `Bearer ${token}` }), 'me');
    buyers.push({ email, id: me.me.id, headers: { authorization: `Bearer ${token}` } });
  }
  return buyers;
}

/** Approves, on the sandbox's phone, the prompts waiting for the number (for an attempt that did not succeed at once). */
async function approveOnPhone(sandboxUrl, msisdn) {
  if (!sandboxUrl) return 0;
  const res = await fetch(`${sandboxUrl}/phone/api/prompts?msisdn=${msisdn}`).catch(() => null);
  if (!res || !res.ok) return 0;
  const body = await res.json().catch(() => null);
  const prompts = Array.isArray(body) ? body : (body?.prompts ?? []);
  let approved = 0;
  for (const p of prompts) {
    if (!p?.id) continue;
    const r = await fetch(`${sandboxUrl}/phone/api/prompts/${encodeURIComponent(p.id)}/approve`, { method: 'POST' }).catch(() => null);
    if (r?.ok) approved++;
  }
  return approved;
}

/** One purchase, timed from sending startCheckout until the buyer reads `purchased: true` through the gateway. */
async function purchase(gatewayUrl, sandboxUrl, buyer, item, phone) {
  const t0 = performance.now();
  const started = await gql(
    gatewayUrl,
    START,
    { input: { itemId: item.id, itemType: item.type, method: 'MTN', phone, consentImmediateAccess: true, consentHealthData: true } },
    buyer.headers,
  );
  const tCheckout = performance.now();
  const result = must(started, 'startCheckout').startCheckout;
  if (result.error) throw new Error(`startCheckout refused: ${JSON.stringify(result.error)}`);
  let approvedOnPhone = false;
  for (;;) {
    const owned = must(await gql(gatewayUrl, PURCHASED[item.type], { id: item.id }, buyer.headers), 'purchased');
    if (owned.item?.purchased === true) break;
    const waited = performance.now() - t0;
    if (waited > PURCHASE_TIMEOUT_MS) throw new Error(`order ${result.order?.id}: not purchased after ${PURCHASE_TIMEOUT_MS / 1000} s`);
    if (!approvedOnPhone && waited > 1500 && result.order?.status === 'PENDING') approvedOnPhone = (await approveOnPhone(sandboxUrl, phone.replace(/\D/g, ''))) > 0;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  return { total: performance.now() - t0, checkout: tCheckout - t0, approvedOnPhone };
}

/** Which spelling of the test number commerce takes ('56733123453', else E.164 '+56733123453'). */
async function acceptedPhone(gatewayUrl, buyer, item) {
  for (const phone of [PHONE, `+${PHONE}`]) {
    const body = await gql(gatewayUrl, START, { input: { itemId: item.id, itemType: item.type, method: 'MTN', phone, consentImmediateAccess: true, consentHealthData: true } }, buyer.headers);
    const r = must(body, 'startCheckout').startCheckout;
    if (!r.error) return phone;
    if (r.error.field !== 'phone') throw new Error(`startCheckout refused: ${JSON.stringify(r.error)}`);
  }
  throw new Error(`commerce accepts neither ${PHONE} nor +${PHONE} as an MTN number`);
}

/**
 * The providers' notifications reach commerce through the gateway's relay (/payments/notify/…):
 * one NotchPay purchase on the hosted page (« Payer »: a signed webhook), then what the sandbox
 * says it sent (GET /control/sent) and what it was answered.
 */
async function relayCheck({ gatewayUrl, sandboxUrl, buyer, items, pairs, fmtMs }) {
  const owned = new Set(pairs.filter((p) => p.buyer === buyer).map((p) => p.item.id));
  const item = items.find((i) => !owned.has(i.id));
  if (item) {
    const t0 = performance.now();
    const started = must(
      await gql(
        gatewayUrl,
        'mutation BenchNotch($input: StartCheckoutInput!) { startCheckout(input: $input) { order { id attempt { authorizationUrl } } error { code message } } }',
        { input: { itemId: item.id, itemType: item.type, method: 'NOTCHPAY', consentImmediateAccess: true, consentHealthData: true } },
        buyer.headers,
      ),
      'NotchPay startCheckout',
    ).startCheckout;
    const page = started.order?.attempt?.authorizationUrl;
    if (started.error || !page) console.log(`   NotchPay checkout: ${JSON.stringify(started.error ?? started)}`);
    else {
      await fetch(`${page}/complete`, { method: 'POST', redirect: 'manual' });
      let done = false;
      while (!done && performance.now() - t0 < PURCHASE_TIMEOUT_MS) {
        done = must(await gql(gatewayUrl, PURCHASED[item.type], { id: item.id }, buyer.headers), 'purchased').item?.purchased === true;
        if (!done) await new Promise((r) => setTimeout(r, POLL_MS));
      }
      console.log(`   NotchPay hosted page « Payer » -> purchased: ${done ? fmtMs(performance.now() - t0) : 'not within 30 s'}`);
    }
  }
  const sent = sandboxUrl ? await fetch(`${sandboxUrl}/control/sent`).then((r) => (r.ok ? r.json() : null), () => null) : null;
  const list = Array.isArray(sent) ? sent : (sent?.sent ?? []);
  const byProvider = {};
  for (const c of list) {
    const key = `${c.provider} ${c.method} ${String(c.url).replace(/^https?:\/\/[^/]+/, '')} -> ${c.httpStatus ?? c.outcome}`;
    byProvider[key] = (byProvider[key] ?? 0) + 1;
  }
  console.log(`   provider notifications the sandbox sent (through the gateway's relay): ${Object.entries(byProvider).map(([k, n]) => `${n} × ${k}`).join('; ') || 'none'}`);
}

const stats = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] };
};

/**
 * Runs parts 6 and 7 and prints them. `load(url, query, headers, variables)` is bench.js's autocannon
 * run; `subgraph(name)` a subgraph's /graphql on this stack; `credential` the gateway's header.
 */
async function benchCommerce({ gatewayUrl, subgraph, credential, identityDbUrl, sandboxUrl, root, env, suffix, load, printTable, purchases = 200, concurrency = 4 }) {
  const fmtMs = (n) => (n === undefined ? '-' : `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms`);
  const catalog = must(await gql(gatewayUrl, ITEMS, {}), 'items');
  const items = [
    ...catalog.videos.items.filter((v) => v.priceCents > 0).map((v) => ({ id: v.id, type: 'VIDEO' })),
    ...catalog.pdfs.items.filter((p) => p.priceCents > 0).map((p) => ({ id: p.id, type: 'PDF' })),
  ];
  if (!items.length) throw new Error('the demo catalogue has no priced item to buy');
  const buyerCount = Math.ceil((purchases + 1) / items.length);
  const buyers = await makeBuyers({ count: buyerCount, identityDbUrl, root, env, gatewayUrl, suffix });
  const pairs = [];
  for (const buyer of buyers) for (const item of items) if (pairs.length < purchases + 1) pairs.push({ buyer, item });

  // The first pair settles which spelling of the number commerce takes; it is not timed (the
  // `purchases` timed ones are the pairs after it).
  const phone = await acceptedPhone(gatewayUrl, pairs[0].buyer, pairs[0].item);
  await new Promise((r) => setTimeout(r, 500));

  const totals = [];
  const checkouts = [];
  const failures = [];
  let onPhone = 0;
  let next = 1;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < pairs.length) {
        const { buyer, item } = pairs[next++];
        try {
          const r = await purchase(gatewayUrl, sandboxUrl, buyer, item, phone);
          totals.push(r.total);
          checkouts.push(r.checkout);
          if (r.approvedOnPhone) onPhone++;
        } catch (err) {
          failures.push(String(err.message ?? err));
        }
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  console.log(`\n6. Purchase -> entitlement: ${totals.length} purchases (${buyers.length} buyers x ${items.length} items, ${concurrency} at a time, MTN sandbox ${phone}), via the gateway`);
  if (totals.length) {
    const t = stats(totals);
    const c = stats(checkouts);
    console.log(`   startCheckout sent -> Video/Pdf.purchased true: p50 ${fmtMs(t.p50)}   p99 ${fmtMs(t.p99)}   max ${fmtMs(t.max)}`);
    console.log(`   of which startCheckout's answer:                p50 ${fmtMs(c.p50)}   p99 ${fmtMs(c.p99)}`);
    console.log(`   ${(totals.length / seconds).toFixed(1)} purchases/s${onPhone ? `; ${onPhone} approved on the sandbox phone` : ''}`);
  }
  if (failures.length) console.log(`   ${failures.length} failed; first: ${failures[0]}`);
  await relayCheck({ gatewayUrl, sandboxUrl, buyer: buyers[buyers.length - 1], items, pairs, fmtMs });

  // 7. Dashboard: one buyer who now owns some items and not others.
  const buyer = buyers[buyers.length - 1];
  must(await gql(gatewayUrl, DASHBOARD, {}, buyer.headers), 'dashboard via the gateway');
  const representations = [{ __typename: 'User', id: buyer.id }];
  const direct = must(await gql(subgraph('commerce'), DIRECT_PURCHASES, { representations }, { ...credential, ...buyer.headers }), 'commerce _entities');
  if (!Array.isArray(direct._entities?.[0]?.purchases)) throw new Error(`commerce _entities gave no purchases: ${JSON.stringify(direct)}`);
  must(await gql(subgraph('catalogue'), DIRECT_VIDEOS, {}, { ...credential, ...buyer.headers }), 'catalogue videos');

  const commerceDirect = await load(subgraph('commerce'), DIRECT_PURCHASES, { ...credential, ...buyer.headers }, { representations });
  const catalogueDirect = await load(subgraph('catalogue'), DIRECT_VIDEOS, { ...credential, ...buyer.headers });
  // The gateway first asks identity for `me { id }` (the User's key) before commerce's _entities.
  const identityDirect = await load(subgraph('identity'), DIRECT_ME, { ...credential, ...buyer.headers });
  const gateway = await load(gatewayUrl, DASHBOARD, buyer.headers);
  // One dashboard read from the subgraphs = one request to each: their costs add up (harmonic sum).
  const both = 1 / (1 / commerceDirect.rps + 1 / catalogueDirect.rps);
  const all3 = 1 / (1 / commerceDirect.rps + 1 / catalogueDirect.rps + 1 / identityDirect.rps);
  printTable(`7. Dashboard query (buyer with ${direct._entities[0].purchases.length} purchases; me.purchases + videos(filter: { purchased: false }))`, [
    ['commerce subgraph (_entities)', commerceDirect],
    ['catalogue subgraph (videos)', catalogueDirect],
    ['identity subgraph (me { id })', identityDirect],
    ['gateway (one query)', gateway],
  ]);
  console.log(`   subgraphs together (one request to each per read): ${Math.round(both).toLocaleString('en-US')} req/s, p50 ~${fmtMs(commerceDirect.p50 + catalogueDirect.p50)} (sum)`);
  console.log(`   gateway / subgraphs together: ${((100 * gateway.rps) / both).toFixed(1)} % (commerce + catalogue); ${((100 * gateway.rps) / all3).toFixed(1)} % counting identity's me as the gateway does (${Math.round(all3).toLocaleString('en-US')} req/s)`);
  return { totals, failures, gateway, commerceDirect, catalogueDirect, identityDirect };
}

module.exports = { benchCommerce, DASHBOARD };
