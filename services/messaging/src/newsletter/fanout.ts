import { Queue, Worker, type Job } from 'bullmq';
import type { MessagingDeps } from '../shared/deps';
import type { CampaignProgressChannel } from './progress';
import { campaignDone } from './rules';
import {
  campaignCounters,
  campaignForFanout,
  fanoutPage,
  markSending,
  markStarted,
  queuedCampaignDeliveries,
  queuedCampaignRows,
  saveCounters,
  stuckCampaigns,
  unfinishedCampaigns,
} from './store';

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
 * What the mail sweeper does with campaign rows (app.ts hands it to the mail module): queued
 * again on the throttled newsletter queue, never on the unthrottled send-mail path. A row still
 * waiting there keeps its job (same job id); a lost one gets a new one.
 */
export async function dispatchSweptCampaignRows(deps: MessagingDeps, ids: string[]): Promise<void> {
  const rows = await queuedCampaignDeliveries(deps.ds.manager, ids);
  if (!rows.length) return;
  const queue = new Queue(NEWSLETTER_QUEUE, { connection: deps.redis, prefix: deps.config.redisKeyPrefix });
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
    return this.deps.config.redisKeyPrefix;
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
    const campaign = await campaignForFanout(this.deps.ds.manager, campaignId);
    if (!campaign || campaign.status === 'sent') return;
    if (campaign.status === 'queued') {
      await markStarted(this.deps.ds.manager, campaignId, this.deps.now());
      let after = '00000000-0000-0000-0000-000000000000';
      for (;;) {
        const page = await fanoutPage(this.deps.ds.manager, campaign, after, FANOUT_PAGE);
        await this.addJobs(campaignId, page.jobs);
        if (!page.last) break;
        after = page.last;
      }
      await markSending(this.deps.ds.manager, campaignId);
    } else {
      let after = '00000000-0000-0000-0000-000000000000';
      for (;;) {
        const rows = await queuedCampaignRows(this.deps.ds.manager, campaignId, after, FANOUT_PAGE);
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
      for (const id of await unfinishedCampaigns(this.deps.ds.manager)) this.dirty.add(id);
      if (!this.resumed) await this.resume(await unfinishedCampaigns(this.deps.ds.manager, this.bootedAt));
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
      const stuck = await stuckCampaigns(this.deps.ds.manager);
      if (!stuck.length) return;
      const counts = await this.queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'paused');
      if (Object.values(counts).some((n) => n > 0)) return;
      for (const id of stuck) {
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
    const { counters, status } = await campaignCounters(this.deps.ds.manager, campaignId);
    if (!status) return;
    const done = status !== 'sent' && campaignDone(status === 'sending', counters);
    if (await saveCounters(this.deps.ds.manager, campaignId, counters, done, this.deps.now())) await this.progress.publish(campaignId);
  }
}
