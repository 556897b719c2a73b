'use strict';
/**
 * The `newsletter` part of `npm run bench` (BENCH_ONLY=newsletter runs it alone, without a stack):
 * one campaign to 10,000 generated active subscribers through a local mail catcher. Messaging runs
 * as its own process (`node services/messaging/dist/main.js`, production mode) with its own
 * database, stream and Redis prefix; the catcher (sandbox/mail, real SMTP) runs in this process.
 * The subscribers are written directly in the bench's database. It prints mails per second (first
 * to last mail caught), the total time from the send to SENT, Redis memory (the server's
 * used_memory, and what the bench's own keys hold) and the Postgres database size afterwards,
 * and checks that the catcher holds exactly one mail per subscriber. Everything it made is removed.
 *
 * Knobs (environment): BENCH_NEWSLETTER_SUBSCRIBERS (10000), BENCH_NEWSLETTER_PER_SECOND (5000,
 * the service's NEWSLETTER_PER_SECOND throttle).
 */
const { randomBytes } = require('node:crypto');
const { availableParallelism } = require('node:os');
const { join } = require('node:path');
const { root, buildStale } = require('../lib/build');
const { startLoneService, fromKit } = require('./lone-service');
const { memoryOf } = require('./memory');

const env = process.env;
const SUBSCRIBERS = Number(env.BENCH_NEWSLETTER_SUBSCRIBERS ?? 10_000);
const PER_SECOND = Number(env.BENCH_NEWSLETTER_PER_SECOND ?? 5000);

const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function main() {
  buildStale({ log: () => {}, web: false });
  const { startMailCatcher } = require(join(root, 'sandbox', 'mail', 'dist'));
  const Redis = fromKit('ioredis').default;

  const catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0, maxMails: SUBSCRIBERS + 1000 });
  let messaging = null;
  let redis = null;
  console.log(`\nNewsletter: one campaign to ${SUBSCRIBERS.toLocaleString('en')} subscribers, messaging in its own process (NEWSLETTER_PER_SECOND=${PER_SECOND}), catcher over SMTP on loopback; ${availableParallelism()} cores.`);
  try {
    messaging = await startLoneService('messaging', 'nl', {
      PUBLIC_URL: 'https://lbf.example',
      SMTP_URL: catcher.smtpUrl,
      MAIL_FROM: 'LBF <newsletter@lbf.example>',
      MAIL_LINK_SECRET: randomBytes(24).toString('hex'),
      NEWSLETTER_PER_SECOND: String(PER_SECOND),
    });
    const { sql, prefix } = messaging;
    redis = new Redis(messaging.redisUrl);
    await sql.query(
      `INSERT INTO messaging.newsletter_subscribers (id, email, status, source, subscribed_at, confirmed_at)
       SELECT gen_random_uuid(), 'abonne' || i || '@bench.example', 'active', CASE WHEN i % 3 = 0 THEN 'catalogue' ELSE 'footer' END,
              now() - interval '2 days', now() - interval '1 day'
       FROM generate_series(1, $1) AS i`,
      [SUBSCRIBERS],
    );

    const gql = async (query, variables) => {
      const res = await fetch(messaging.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...messaging.adminHeaders },
        body: JSON.stringify({ query, variables }),
      });
      const body = await res.json();
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      return body.data;
    };

    const began = Date.now();
    const created = await gql(`mutation($input: CampaignInput!) { adminSendCampaign(input: $input) { campaign { id total } error { message } } }`, {
      input: {
        subject: 'Les nouveautés du mois',
        contentHtml: '<h2>Nouveautés</h2><p>Trois nouvelles vidéos et un guide : <a href="https://lbf.example/videos">les voir</a>.</p>',
      },
    });
    const campaign = created.adminSendCampaign.campaign;
    if (!campaign) throw new Error(`campaign refused: ${JSON.stringify(created.adminSendCampaign.error)}`);
    let status = null;
    let lastReport = Date.now();
    for (;;) {
      const c = (await gql(`query($id: ID!) { adminCampaign(id: $id) { status total sent failed suppressed } }`, { id: campaign.id })).adminCampaign;
      status = c;
      if (c.status === 'SENT') break;
      if (Date.now() - lastReport > 5000) {
        lastReport = Date.now();
        console.log(`   … ${catcher.mails().length} caught, ${c.sent}/${c.total} sent`);
      }
      if (Date.now() - began > 15 * 60_000) throw new Error(`campaign not SENT after 15 minutes: ${JSON.stringify(c)}`);
      await sleep(200);
    }
    const totalMs = Date.now() - began;
    await sleep(1000);
    const mails = catcher.mails();
    const times = mails.map((m) => Date.parse(m.receivedAt)).sort((a, b) => a - b);
    const spanMs = times.length > 1 ? times[times.length - 1] - times[0] : 0;
    const recipients = new Set(mails.flatMap((m) => m.envelopeTo));

    const info = await redis.info('memory');
    const usedMemory = Number(/used_memory:(\d+)/.exec(info)[1]);
    const families = new Map();
    let ownKeys = 0;
    let ownBytes = 0;
    let cursor = '0';
    do {
      const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      for (const key of found) {
        ownKeys++;
        const bytes = Number((await redis.memory('USAGE', key)) ?? 0);
        ownBytes += bytes;
        const family = key.slice(prefix.length + 1).replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '<id>').replace(/:\d+$/, ':<n>');
        const f = families.get(family) ?? { keys: 0, bytes: 0 };
        families.set(family, { keys: f.keys + 1, bytes: f.bytes + bytes });
      }
    } while (cursor !== '0');
    const dbSize = Number((await sql.query(`SELECT pg_database_size(current_database()) AS n`)).rows[0].n);

    console.log(`   campaign: ${status.sent} sent, ${status.failed} failed, ${status.suppressed} suppressed of ${status.total}`);
    console.log(`   mails per second: ${spanMs ? ((mails.length - 1) / (spanMs / 1000)).toFixed(0) : 'n/a'} (first to last mail caught)`);
    console.log(`   total time: ${(totalMs / 1000).toFixed(1)} s from adminSendCampaign to SENT`);
    console.log(`   Redis afterwards: used_memory ${mib(usedMemory)} (whole server); the bench's keys: ${ownKeys} keys, ${mib(ownBytes)}`);
    const biggest = [...families].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, 4);
    console.log(`     largest: ${biggest.map(([k, f]) => `${k} (${f.keys} keys, ${mib(f.bytes)})`).join('; ')}`);
    console.log(`   Postgres afterwards: database ${mib(dbSize)}`);
    // The campaign is messaging's heaviest work: its memory feeds the manifests' sizing (deploy/k8s/base/sizing.yaml).
    const memory = memoryOf(messaging.pid);
    if (memory) console.log(`   messaging's memory: ${memory.rss.toFixed(0)} MiB now, ${memory.peak.toFixed(0)} MiB at its peak (resident)`);
    const exact = mails.length === SUBSCRIBERS && recipients.size === SUBSCRIBERS;
    console.log(`   catcher: ${mails.length} mails to ${recipients.size} recipients: ${exact ? `exactly ${SUBSCRIBERS}, one each ✓` : `NOT exactly ${SUBSCRIBERS} ✗`}`);
    if (!exact) process.exitCode = 1;
  } finally {
    if (messaging) await messaging.stop();
    await catcher.stop();
    redis?.disconnect();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
