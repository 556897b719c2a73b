import { Queue, Worker, type Job } from 'bullmq';
import type { CampaignCounters } from '../domain/newsletter-rules';
import { campaignDone } from '../domain/newsletter-rules';
import type { CampaignProgressChannel } from '../live/campaign-progress';
import type { MessagingDeps } from './deps';

/** Subscribers listed per fan-out page (one INSERT … SELECT, one addBulk). */
export const FANOUT_PAGE = 500;
/** The progress bar moves at most this often per campaign and instance. */
export const PROGRESS_INTERVAL_MS = 250;
/** Every instance looks at the unfinished campaigns this often (mails sent through the sweeper, other instances). */
export const UNFINISHED_POLL_MS = 2000;
/** How often an instance checks that a sending campaign's queued mails still have jobs behind them. */
export const LOST_JOBS_CHECK_MS = 30_000;
/** Tries of one campaign mail on the newsletter queue; the last one marks the delivery failed. */
export const CAMPAIGN_MAIL_ATTEMPTS = 5;

export type DeliverFn = (deliveryId: string, opts: { finalAttempt: boolean }) => Promise<unknown>;

interface NewsletterJob {
  deliveryId: string;
  campaignId: string;
}

/** No ':' in a BullMQ job id (it separates key parts). */
export const campaignMailJobId = (campaignId: string, subscriberId: string) => `nl-${campaignId}-${subscriberId}`;

export const NEWSLETTER_QUEUE = 'messaging-newsletter';

function campaignMailJob(campaignId: string, deliveryId: string, subscriberId: string) {
  return {
    name: 'campaign-mail',
    data: { deliveryId, campaignId },
    opts: {
      jobId: campaignMailJobId(campaignId, subscriberId),
      attempts: CAMPAIGN_MAIL_ATTEMPTS,
      backoff: { type: 'exponential', delay: 2000 },
      removeOnComplete: true,
      removeOnFail: 1000,
    },
  };
}

/**
 * What the mail sweeper does with campaign rows (registered with registerSweptDispatcher): queued
 * again on the throttled newsletter queue, never on the unthrottled send-mail path. A row still
 * waiting there keeps its job (same job id); a lost one gets a new one.
 */
export async function dispatchSweptCampaignRows(deps: MessagingDeps, ids: string[]): Promise<void> {
  const rows = (await deps.ds.query(
    `SELECT id, campaign_id, subscriber_id FROM mail_deliveries WHERE id = ANY($1::uuid[]) AND status = 'queued' AND campaign_id IS NOT NULL AND subscriber_id IS NOT NULL`,
    [ids],
  )) as Array<{ id: string; campaign_id: string; subscriber_id: string }>;
  if (!rows.length) return;
  const queue = new Queue(NEWSLETTER_QUEUE, { connection: deps.redis, prefix: deps.redisKeyPrefix });
  queue.on('error', (err) => deps.log.debug({ err: String(err) }, 'newsletter queue (sweep)'));
  try {
    await queue.addBulk(rows.map((r) => campaignMailJob(r.campaign_id, r.id, r.subscriber_id)));
  } finally {
    await queue.close();
  }
}

/**
 * The campaign sender: the fan-out (delivery rows written in keyset pages, then queued), the
 * throttled newsletter queue `<service>-newsletter` (BullMQ's limiter caps mails per second
 * across every worker) whose jobs call the mail part's deliverMail, and the progress counters.
 * Exactly-once lives in Postgres: the delivery row (unique per campaign and subscriber) is claimed
 * before SMTP, so a job run twice (Redis lost, worker killed, fan-out re-run) sends nothing twice.
 */
export class NewsletterSender {
  readonly queueName: string;
  private queue: Queue | null = null;
  private worker: Worker | null = null;
  private workerConnection: MessagingDeps['redis'] | null = null;
  private readonly dirty = new Set<string>();
  private timers: NodeJS.Timeout[] = [];
  private refreshing = false;
  private resumed = false;
  private bootedAt = new Date();

  constructor(
    private readonly deps: MessagingDeps,
    private readonly deliver: DeliverFn,
    private readonly progress: CampaignProgressChannel,
  ) {
    this.queueName = NEWSLETTER_QUEUE;
  }

  private get prefix() {
    return this.deps.redisKeyPrefix;
  }

  async start(): Promise<void> {
    const perSecond = this.deps.config.newsletterPerSecond;
    this.bootedAt = this.deps.now();
    this.queue = new Queue(this.queueName, { connection: this.deps.redis, prefix: this.prefix });
    this.queue.on('error', (err) => this.deps.log.debug({ err: String(err) }, 'newsletter queue'));
    // A worker blocks on its connection, so it gets its own.
    this.workerConnection = this.deps.redis.duplicate();
    this.workerConnection.on('error', (err) => this.deps.log.debug({ err: String(err) }, 'newsletter worker connection'));
    this.worker = new Worker<NewsletterJob>(this.queueName, (job) => this.run(job), {
      connection: this.workerConnection,
      prefix: this.prefix,
      concurrency: Math.min(100, Math.max(4, perSecond)),
      limiter: { max: perSecond, duration: 1000 },
      // A worker that lost Redis for a while finds its jobs stalled: they go back to waiting (the
      // delivery row decides whether anything is still to send), many times before failing.
      maxStalledCount: 20,
    });
    this.worker.on('failed', (job, err) => this.deps.log.warn({ id: job?.id, err: err.message }, 'campaign mail job failed'));
    this.worker.on('error', (err) => this.deps.log.debug({ err: String(err) }, 'newsletter worker'));
    this.timers.push(setInterval(() => void this.refreshDirty(), PROGRESS_INTERVAL_MS));
    this.timers.push(setInterval(() => void this.markUnfinished(), UNFINISHED_POLL_MS));
    this.timers.push(setInterval(() => void this.requeueLost(), LOST_JOBS_CHECK_MS));
  }

  /**
   * After a restart: campaigns left unfinished get their fan-out again (idempotent), once the
   * service's queue exists (it is created after the parts start, hence from the first poll).
   */
  private async resume(open: string[]): Promise<void> {
    for (const id of open) {
      await this.deps.enqueue('campaign-fanout', { campaignId: id }, { jobId: `campaign-${id}-resume-${Date.now()}`, attempts: 8, backoff: { type: 'exponential', delay: 1000 } });
    }
    this.resumed = true;
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    const worker = this.worker;
    this.worker = null;
    // Worker.close waits for the mails in progress.
    if (worker) await worker.close();
    this.workerConnection?.disconnect();
    this.workerConnection = null;
    await this.queue?.close();
    this.queue = null;
  }

  private async run(job: Job<NewsletterJob>): Promise<void> {
    const attempts = job.opts.attempts ?? 1;
    try {
      await this.deliver(job.data.deliveryId, { finalAttempt: job.attemptsMade + 1 >= attempts });
    } finally {
      this.dirty.add(job.data.campaignId);
    }
  }

  /**
   * The `campaign-fanout` job. A queued campaign: its recipients (active subscribers confirmed
   * before it was created, in id order, 500 a page) each get a delivery row in one INSERT … SELECT
   * (ON CONFLICT DO NOTHING: a re-run adds nothing), and every row of the page still queued is put
   * on the newsletter queue; then the campaign is SENDING. A campaign already SENDING (a resume):
   * its still-queued rows are queued again (job ids drop those BullMQ still holds).
   */
  async fanOut(campaignId: string): Promise<void> {
    const [campaign] = (await this.deps.ds.query(`SELECT id, subject, status, created_at FROM campaigns WHERE id = $1`, [campaignId])) as Array<{
      id: string;
      subject: string;
      status: string;
      created_at: Date;
    }>;
    if (!campaign || campaign.status === 'sent') return;
    if (campaign.status === 'queued') {
      await this.deps.ds.query(`UPDATE campaigns SET started_at = coalesce(started_at, $2) WHERE id = $1`, [campaignId, this.deps.now()]);
      let after = '00000000-0000-0000-0000-000000000000';
      for (;;) {
        const [page] = (await this.deps.ds.query(
          `WITH page AS (
             SELECT id, email FROM newsletter_subscribers
             WHERE status = 'active' AND confirmed_at <= $3 AND id > $2 ORDER BY id LIMIT ${FANOUT_PAGE}
           ), ins AS (
             INSERT INTO mail_deliveries (id, purpose, dedupe_key, recipient, subject, data, campaign_id, subscriber_id)
             SELECT gen_random_uuid(), 'newsletter_campaign', $1::text || ':' || p.id::text, p.email, $4,
                    jsonb_build_object('campaignId', $1::text, 'subscriberId', p.id::text), $1::uuid, p.id
             FROM page p
             ON CONFLICT (purpose, dedupe_key) DO NOTHING
             RETURNING id, subscriber_id
           ), old AS (
             SELECT d.id, d.subscriber_id FROM mail_deliveries d JOIN page p ON d.subscriber_id = p.id
             WHERE d.campaign_id = $1::uuid AND d.status = 'queued'
           )
           SELECT (SELECT id FROM page ORDER BY id DESC LIMIT 1) AS last,
                  (SELECT coalesce(json_agg(json_build_array(id, subscriber_id)), '[]') FROM (SELECT * FROM ins UNION SELECT * FROM old) q) AS jobs`,
          [campaignId, after, campaign.created_at, campaign.subject],
        )) as Array<{ last: string | null; jobs: Array<[string, string]> }>;
        await this.addJobs(campaignId, page.jobs);
        if (!page.last) break;
        after = page.last;
      }
      await this.deps.ds.query(`UPDATE campaigns SET status = 'sending' WHERE id = $1 AND status = 'queued'`, [campaignId]);
    } else {
      let after = '00000000-0000-0000-0000-000000000000';
      for (;;) {
        const rows = (await this.deps.ds.query(
          `SELECT id, subscriber_id FROM mail_deliveries WHERE campaign_id = $1 AND status = 'queued' AND subscriber_id > $2 ORDER BY subscriber_id LIMIT ${FANOUT_PAGE}`,
          [campaignId, after],
        )) as Array<{ id: string; subscriber_id: string }>;
        if (!rows.length) break;
        await this.addJobs(campaignId, rows.map((r) => [r.id, r.subscriber_id]));
        after = rows[rows.length - 1].subscriber_id;
      }
    }
    this.dirty.add(campaignId);
    await this.refresh(campaignId);
  }

  private async addJobs(campaignId: string, jobs: Array<[string, string]>): Promise<void> {
    if (!jobs.length || !this.queue) return;
    await this.queue.addBulk(jobs.map(([deliveryId, subscriberId]) => campaignMailJob(campaignId, deliveryId, subscriberId)));
  }

  private async markUnfinished(): Promise<void> {
    try {
      const open = (await this.deps.ds.query(`SELECT id FROM campaigns WHERE status IN ('queued', 'sending')`)) as Array<{ id: string }>;
      for (const { id } of open) this.dirty.add(id);
      if (!this.resumed) {
        const before = (await this.deps.ds.query(`SELECT id FROM campaigns WHERE status IN ('queued', 'sending') AND created_at < $1`, [this.bootedAt])) as Array<{ id: string }>;
        await this.resume(before.map((o) => o.id));
      }
    } catch (err) {
      this.deps.log.debug({ err: String(err) }, 'unfinished campaigns not read');
    }
  }

  /**
   * Jobs lost with Redis's data (a flush, a failover without persistence): a sending campaign
   * still has queued rows but the newsletter queue holds nothing to do. Its fan-out runs again
   * in resume mode (queued rows re-queued; the rows decide, so nothing is sent twice).
   */
  private async requeueLost(): Promise<void> {
    if (!this.queue) return;
    try {
      const stuck = (await this.deps.ds.query(
        `SELECT c.id FROM campaigns c WHERE c.status = 'sending' AND EXISTS (
           SELECT 1 FROM mail_deliveries d WHERE d.campaign_id = c.id AND d.status = 'queued' AND d.updated_at < now() - interval '10 seconds')`,
      )) as Array<{ id: string }>;
      if (!stuck.length) return;
      const counts = await this.queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'paused');
      if (Object.values(counts).some((n) => n > 0)) return;
      for (const { id } of stuck) {
        this.deps.log.warn({ campaignId: id }, 'campaign mails without jobs: queued again');
        await this.deps.enqueue('campaign-fanout', { campaignId: id }, { jobId: `campaign-${id}-requeue-${Date.now()}`, attempts: 8, backoff: { type: 'exponential', delay: 1000 } });
      }
    } catch (err) {
      this.deps.log.debug({ err: String(err) }, 'lost campaign jobs not checked');
    }
  }

  private async refreshDirty(): Promise<void> {
    if (this.refreshing || !this.dirty.size) return;
    this.refreshing = true;
    try {
      const ids = [...this.dirty];
      this.dirty.clear();
      for (const id of ids) await this.refresh(id);
    } catch (err) {
      this.deps.log.warn({ err: String(err) }, 'campaign progress not refreshed');
    } finally {
      this.refreshing = false;
    }
  }

  /**
   * Counters from the delivery rows (grouped by status, on the campaign's index); SENT with its
   * end time once the fan-out is done and no row waits or is in flight. Nudges the live bars when
   * anything moved.
   */
  async refresh(campaignId: string): Promise<void> {
    const rows = (await this.deps.ds.query(`SELECT status, count(*)::int AS n FROM mail_deliveries WHERE campaign_id = $1 GROUP BY status`, [
      campaignId,
    ])) as Array<{ status: keyof CampaignCounters; n: number }>;
    const c: CampaignCounters = { queued: 0, sending: 0, sent: 0, failed: 0, suppressed: 0 };
    for (const r of rows) c[r.status] = r.n;
    const [campaign] = (await this.deps.ds.query(`SELECT status FROM campaigns WHERE id = $1`, [campaignId])) as Array<{ status: string }>;
    if (!campaign) return;
    const done = campaign.status !== 'sent' && campaignDone(campaign.status === 'sending', c);
    const changed = (await this.deps.ds.query(
      `UPDATE campaigns SET sent = $2, failed = $3, suppressed = $4,
         status = CASE WHEN $5::boolean THEN 'sent' ELSE status END,
         finished_at = CASE WHEN $5::boolean THEN $6 ELSE finished_at END
       WHERE id = $1 AND (sent, failed, suppressed) IS DISTINCT FROM ($2, $3, $4) OR (id = $1 AND $5::boolean AND status <> 'sent')
       RETURNING id`,
      [campaignId, c.sent, c.failed, c.suppressed, done, this.deps.now()],
    )) as [unknown[], number] | unknown[];
    const count = Array.isArray(changed[0]) ? (changed[0] as unknown[]).length : (changed as unknown[]).length;
    if (count) await this.progress.publish(campaignId);
  }
}
