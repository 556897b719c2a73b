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
const { spawn } = require('node:child_process');
const { randomBytes, randomUUID } = require('node:crypto');
const { availableParallelism } = require('node:os');
const { join } = require('node:path');
const { root, buildStale } = require('../lib/build');

const env = process.env;
const SUBSCRIBERS = Number(env.BENCH_NEWSLETTER_SUBSCRIBERS ?? 10_000);
const PER_SECOND = Number(env.BENCH_NEWSLETTER_PER_SECOND ?? 5000);
const ADMIN_URL = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const NATS_URL = env.NATS_URL ?? 'nats://127.0.0.1:4222';

const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function startMessaging(envVars) {
  const child = spawn(process.execPath, [join(root, 'services', 'messaging', 'dist', 'main.js')], { env: { ...env, ...envVars }, stdio: ['ignore', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (c) => (errors = (errors + c).slice(-4000)));
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (chunk) => {
      buffer += chunk.toString();
      const m = /"port":(\d+)[^\n]*subgraph listening/.exec(buffer);
      if (m) resolve({ child, url: `http://127.0.0.1:${m[1]}/graphql` });
      if (buffer.length > 100_000) buffer = buffer.slice(-10_000);
    });
    child.once('exit', (code) => reject(new Error(`messaging exited with ${code}: ${errors}${buffer.slice(-2000)}`)));
  });
}

async function main() {
  buildStale({ log: () => {}, web: false });
  const kit = require(join(root, 'services', 'kit', 'dist'));
  const testing = require(join(root, 'services', 'kit', 'dist', 'testing'));
  const { startMailCatcher } = require(join(root, 'sandbox', 'mail', 'dist'));
  const jwt = require(require.resolve('jsonwebtoken', { paths: [join(root, 'services', 'kit')] }));
  const { Client } = require(require.resolve('pg', { paths: [join(root, 'services', 'kit')] }));
  const Redis = require(require.resolve('ioredis', { paths: [join(root, 'services', 'kit')] })).default;

  const suffix = randomBytes(4).toString('hex');
  const database = `lbf_bench_nl_${suffix}`;
  const prefix = `benchnl${suffix}`;
  const stream = `BENCH_NL_${suffix}`;
  const keys = testing.testKeys();
  const subgraphSecret = randomBytes(24).toString('base64url');
  const catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0, maxMails: SUBSCRIBERS + 1000 });
  const redis = new Redis(REDIS_URL);
  let messaging = null;
  let sql = null;
  console.log(`\nNewsletter: one campaign to ${SUBSCRIBERS.toLocaleString('en')} subscribers, messaging in its own process (NEWSLETTER_PER_SECOND=${PER_SECOND}), catcher over SMTP on loopback; ${availableParallelism()} cores.`);
  try {
    await kit.provisionDatabase(ADMIN_URL, database, ['messaging']);
    messaging = await startMessaging({
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      PORT: '0',
      DATABASE_URL: kit.serviceDatabaseUrl(ADMIN_URL, 'messaging', database),
      NATS_URL,
      REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      EVENT_STREAM: stream,
      EVENT_PREFIX: prefix,
      AUTH_PUBLIC_KEY: keys.publicKey,
      SUBGRAPH_SECRET: subgraphSecret,
      PUBLIC_URL: 'https://lbf.example',
      SMTP_URL: catcher.smtpUrl,
      MAIL_FROM: 'LBF <newsletter@lbf.example>',
      MAIL_LINK_SECRET: randomBytes(24).toString('hex'),
      NEWSLETTER_PER_SECOND: String(PER_SECOND),
    });

    const dbUrl = new URL(ADMIN_URL);
    dbUrl.pathname = `/${database}`;
    sql = new Client({ connectionString: dbUrl.toString() });
    await sql.connect();
    await sql.query(
      `INSERT INTO messaging.newsletter_subscribers (id, email, status, source, subscribed_at, confirmed_at)
       SELECT gen_random_uuid(), 'abonne' || i || '@bench.example', 'active', CASE WHEN i % 3 = 0 THEN 'catalogue' ELSE 'footer' END,
              now() - interval '2 days', now() - interval '1 day'
       FROM generate_series(1, $1) AS i`,
      [SUBSCRIBERS],
    );

    const token = jwt.sign({ sub: randomUUID(), sid: randomUUID(), roles: ['admin'] }, keys.privateKey, {
      algorithm: kit.ACCESS_TOKEN_ALGORITHM,
      issuer: kit.ACCESS_TOKEN_ISSUER,
      audience: kit.ACCESS_TOKEN_AUDIENCE,
      expiresIn: '1h',
    });
    const gql = async (query, variables) => {
      const res = await fetch(messaging.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-lbf-gateway-secret': subgraphSecret },
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
    const exact = mails.length === SUBSCRIBERS && recipients.size === SUBSCRIBERS;
    console.log(`   catcher: ${mails.length} mails to ${recipients.size} recipients: ${exact ? `exactly ${SUBSCRIBERS}, one each ✓` : `NOT exactly ${SUBSCRIBERS} ✗`}`);
    if (!exact) process.exitCode = 1;
  } finally {
    if (messaging) {
      messaging.child.kill('SIGTERM');
      await new Promise((r) => (messaging.child.exitCode !== null ? r() : messaging.child.once('exit', r)));
    }
    if (sql) await sql.end();
    await catcher.stop();
    redis.disconnect();
    const server = new URL(ADMIN_URL);
    server.pathname = '/postgres';
    const admin = new Client({ connectionString: server.toString() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
    await testing.deleteStream(stream, NATS_URL);
    await testing.removeRedisKeys(prefix, REDIS_URL);
    console.log('   (its database, stream and Redis keys are removed)');
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
