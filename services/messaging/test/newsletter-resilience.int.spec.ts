import { createLogger, createMetrics, createRedis, UnitOfWork } from '@lbf/service-kit';
import { TEST_REDIS_URL, until } from '@lbf/service-kit/testing';
import { Queue } from 'bullmq';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { mailDepsOf } from '../src/app';
import { settleConfig } from '../src/config';
import { createDataSource } from '../src/database';
import { sweepMail } from '../src/mail/jobs';
import type { MessagingDeps } from '../src/shared/deps';
import { messagingHarness, type MessagingHarness } from './harness';
import { adminUser } from './factories/users';
import { CAMPAIGN, campaignSent, countsByRecipient, seedActiveSubscribers, sendCampaign } from './factories/newsletter';
import { RedisProxy } from './redis-proxy';

const ROOT = join(__dirname, '..', '..', '..');

const campaignMails = (ctx: MessagingHarness, domain: string) => ctx.catcher.mails().filter((m) => m.envelopeTo.some((t) => t.endsWith(`@${domain}`))).length;

function expectExactlyOneEach(ctx: MessagingHarness, emails: string[]) {
  const counts = countsByRecipient(ctx, emails);
  const wrong = [...counts].filter(([, n]) => n !== 1);
  expect(wrong).toEqual([]);
}

describe('newsletter: a campaign survives losing Redis', () => {
  let ctx: MessagingHarness;
  let proxy: RedisProxy;
  beforeAll(async () => {
    proxy = new RedisProxy(new URL(TEST_REDIS_URL));
    await proxy.start();
    ctx = await messagingHarness({ config: { redisUrl: proxy.url, newsletterPerSecond: 60 } });
  });
  afterAll(async () => {
    proxy.restore();
    await ctx.teardown();
    await proxy.stop();
  });

  it('cut mid-campaign and restored: exactly one mail per active subscriber', async () => {
    const emails = await seedActiveSubscribers(ctx, 240, 'redis-cut.test');
    const { admin } = await adminUser(ctx);
    const id = await sendCampaign(ctx, admin, { subject: 'Coupure', contentHtml: '<p>Redis tombe</p>' });
    await until(() => campaignMails(ctx, 'redis-cut.test') >= 40, 20_000, '40 campaign mails');
    proxy.cut();
    await new Promise((r) => setTimeout(r, 3000));
    const duringCut = campaignMails(ctx, 'redis-cut.test');
    expect(duringCut).toBeLessThan(emails.length);
    proxy.restore();
    const done = await campaignSent(ctx, admin, id, 90_000);
    expect(done).toMatchObject({ total: 240, sent: 240, failed: 0, suppressed: 0 });
    await new Promise((r) => setTimeout(r, 1000));
    expectExactlyOneEach(ctx, emails);
    expect(campaignMails(ctx, 'redis-cut.test')).toBe(240);
  }, 150_000);
});

describe('newsletter: a campaign survives its jobs being lost', () => {
  let ctx: MessagingHarness;
  beforeAll(async () => {
    ctx = await messagingHarness({ config: { newsletterPerSecond: 20 } });
  });
  afterAll(() => ctx.teardown());

  it('the newsletter queue emptied mid-campaign (Redis lost its data): the rows still go out, once each', async () => {
    const emails = await seedActiveSubscribers(ctx, 60, 'jobs-lost.test');
    const { admin } = await adminUser(ctx);
    const id = await sendCampaign(ctx, admin, { subject: 'Perte', contentHtml: '<p>Les jobs disparaissent</p>' });
    await until(() => campaignMails(ctx, 'jobs-lost.test') >= 10, 20_000, '10 campaign mails');
    const connection = ctx.env.redis.duplicate();
    const queue = new Queue('messaging-newsletter', { connection, prefix: ctx.config.redisKeyPrefix });
    let left: Record<string, number>;
    try {
      await queue.obliterate({ force: true });
      left = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'paused');
    } finally {
      await queue.close();
      connection.disconnect();
    }
    expect(Object.values(left).reduce((a, b) => a + b, 0)).toBe(0);
    const atLoss = campaignMails(ctx, 'jobs-lost.test');
    expect(atLoss).toBeLessThan(50);
    const queued = (await ctx.sql.query(`SELECT count(*)::int AS n FROM messaging.mail_deliveries WHERE campaign_id = $1 AND status = 'queued'`, [id])).rows[0].n;
    expect(queued).toBeGreaterThan(0);
    await campaignSent(ctx, admin, id, 90_000);
    await new Promise((r) => setTimeout(r, 1000));
    expectExactlyOneEach(ctx, emails);
  }, 120_000);
});

describe('newsletter: a campaign survives its worker being killed', () => {
  let ctx: MessagingHarness;
  let child: ChildProcess | null = null;

  beforeAll(async () => {
    // The child runs the built service: build what changed (incremental, quick when up to date).
    execFileSync('npx', ['tsc', '-b', 'services/messaging'], { cwd: ROOT, stdio: 'inherit' });
    ctx = await messagingHarness({ config: { newsletterPerSecond: 40, mailSendLeaseMs: 6000 } });
    // Only the child works on this test's queues: the in-process instance goes away.
    await ctx.app.stop();
    ctx.apps.splice(0);
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await ctx.teardown();
  });

  /** `node services/messaging/dist/main.js` with the test's configuration; resolves with its GraphQL URL once it listens. */
  function startChild(): Promise<{ proc: ChildProcess; url: string }> {
    const c = ctx.config;
    const proc = spawn(process.execPath, [join(ROOT, 'services/messaging/dist/main.js')], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        PORT: '0',
        DATABASE_URL: c.databaseUrl,
        NATS_URL: c.natsUrl,
        REDIS_URL: c.redisUrl,
        REDIS_KEY_PREFIX: c.redisKeyPrefix,
        EVENT_STREAM: c.eventStream,
        EVENT_PREFIX: c.eventPrefix,
        AUTH_PUBLIC_KEY: c.authPublicKey,
        SUBGRAPH_SECRET: c.subgraphSecret ?? '',
        PUBLIC_URL: c.publicUrl,
        SMTP_URL: c.smtpUrl,
        MAIL_FROM: c.mailFrom,
        MAIL_LINK_SECRET: c.mailLinkSecret,
        NEWSLETTER_PER_SECOND: String(c.newsletterPerSecond),
      },
    });
    child = proc;
    let errors = '';
    proc.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
    return new Promise((resolve, reject) => {
      let buffer = '';
      const timer = setTimeout(() => reject(new Error('messaging child did not start')), 30_000);
      proc.stdout!.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        const m = /"port":(\d+)[^\n]*subgraph listening/.exec(buffer);
        if (m) {
          clearTimeout(timer);
          buffer = '';
          resolve({ proc, url: `http://127.0.0.1:${m[1]}/graphql` });
        }
        if (buffer.length > 1_000_000) buffer = buffer.slice(-10_000);
      });
      proc.once('exit', (code) => reject(new Error(`messaging child exited with ${code}: ${errors}${buffer.slice(-2000)}`)));
    });
  }

  /**
   * What the sweep-mail job does, run by the test with the test's lease (the child's own schedule
   * is every minute with a two-minute lease): one set of connections, `sweep()` as often as wanted.
   */
  async function sweeper() {
    const ds = createDataSource(ctx.config.databaseUrl, 2);
    await ds.initialize();
    const redis = createRedis(ctx.config.redisUrl, 'test-sweep');
    const queue = new Queue('messaging', { connection: redis, prefix: ctx.config.redisKeyPrefix });
    queue.on('error', () => undefined);
    const deps = {
      ds,
      uow: new UnitOfWork(ds, 'messaging'),
      log: createLogger('test-sweep', 'silent'),
      config: settleConfig(ctx.config),
      redis,
      enqueue: (name: string, data: Record<string, unknown>, opts?: object) => queue.add(name, data, { removeOnComplete: 1000, removeOnFail: 5000, ...opts }),
      now: () => new Date(),
      metrics: createMetrics('messaging-test', { defaultMetrics: false }),
    } as unknown as MessagingDeps;
    return {
      sweep: () => sweepMail(mailDepsOf(deps)),
      async close() {
        await queue.close();
        await redis.quit().catch(() => redis.disconnect());
        await ds.destroy();
      },
    };
  }

  it('SIGKILL mid-campaign, started again, swept: one mail per active subscriber (one Message-ID each; only a mail cut at the kill goes again)', async () => {
    const emails = await seedActiveSubscribers(ctx, 200, 'killed.test');
    const { admin } = await adminUser(ctx);
    const first = await startChild();
    const id = await sendCampaign(ctx, admin, { subject: 'Interruption', contentHtml: '<p>Le worker tombe</p>' }, first.url);
    await until(() => campaignMails(ctx, 'killed.test') >= 50, 20_000, '50 campaign mails');
    first.proc.kill('SIGKILL');
    await new Promise<void>((resolve) => (first.proc.exitCode !== null ? resolve() : first.proc.once('exit', () => resolve())));
    const atKill = campaignMails(ctx, 'killed.test');
    expect(atKill).toBeLessThan(emails.length);
    const left = (await ctx.sql.query(`SELECT count(*)::int AS n FROM messaging.mail_deliveries WHERE campaign_id = $1 AND status IN ('queued', 'sending')`, [id])).rows[0].n;
    expect(left).toBeGreaterThan(0);
    // Rows the dead worker had claimed: their SMTP exchange may or may not have ended.
    const claimedAtKill = new Set(
      (await ctx.sql.query(`SELECT recipient FROM messaging.mail_deliveries WHERE campaign_id = $1 AND status = 'sending'`, [id])).rows.map((r) => r.recipient as string),
    );

    const second = await startChild();
    // Rows the killed worker had claimed stay 'sending' until their lease ends; the sweeper then requeues them.
    const sweep = await sweeper();
    let done;
    try {
      done = await until(
        async () => {
          const c = (await ctx.as(admin, second.url).gql(CAMPAIGN, { id })).data?.adminCampaign;
          if (c?.status === 'SENT') return c;
          await sweep.sweep();
          await new Promise((r) => setTimeout(r, 2000));
          return null;
        },
        // Usually 20–40 s; CI runs it beside a video transcode (stream-worker-crash) on two cores.
        150_000,
        'campaign SENT after the restart',
      );
    } finally {
      await sweep.close();
    }
    expect(done).toMatchObject({ total: 200, sent: 200, failed: 0 });
    await new Promise((r) => setTimeout(r, 1000));
    // Exactly one mail per subscriber, except a mail whose SMTP exchange ended in the instant
    // between the server's 250 and the row's UPDATE to 'sent' when the process died: it is sent
    // again with the same Message-ID (receivers fold it). Every other subscriber: exactly one.
    const byRecipient = new Map<string, string[]>(emails.map((e) => [e, []]));
    for (const m of ctx.catcher.mails()) for (const to of m.envelopeTo) byRecipient.get(to)?.push(m.messageId ?? '');
    for (const [email, ids] of byRecipient) {
      expect([email, new Set(ids).size]).toEqual([email, 1]);
      if (!claimedAtKill.has(email)) expect([email, ids.length]).toEqual([email, 1]);
    }
    const resent = [...byRecipient.values()].filter((ids) => ids.length > 1).length;
    expect(resent).toBeLessThanOrEqual(claimedAtKill.size);
    expect(campaignMails(ctx, 'killed.test')).toBe(200 + resent);
    second.proc.kill('SIGTERM');
    await new Promise<void>((resolve) => (second.proc.exitCode !== null ? resolve() : second.proc.once('exit', () => resolve())));
    child = null;
  }, 240_000);
});
