import { Queue, Worker, type Job, type JobsOptions, type Processor, type RepeatOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from './logger';
import type { Metrics } from './metrics';
import { parseCarrier, SpanKind, traceCarrier, withSpanFrom } from './tracing';

/**
 * A typed map of one service's jobs: `{ 'rollup-day': { day: string } }`. Queue names are stored
 * in Redis, so never rename one that may hold jobs.
 */
export type JobMap = Record<string, Record<string, unknown>>;

/** A recurring job, upserted under a fixed id at every start so replicas never duplicate it. */
export interface JobSchedule<J extends JobMap> {
  id: string;
  name: keyof J & string;
  repeat: Omit<RepeatOptions, 'key'>;
  data?: Record<string, unknown>;
}

export type JobHandlers<J extends JobMap> = { [K in keyof J]: (job: Job<J[K]>) => Promise<unknown> };

export interface ServiceQueues<J extends JobMap> {
  add<K extends keyof J & string>(name: K, data: J[K], opts?: JobsOptions): Promise<Job<J[K]>>;
  queue: Queue;
  close(): Promise<void>;
}

/**
 * How quickly a job whose worker died (a killed process, a lost machine) runs again elsewhere.
 * BullMQ's defaults: a 30 s lock renewed every 15 s, and a stalled check every 30 s that puts a
 * job back once its lock has expired: up to a minute before anyone notices. Shorter settings
 * notice sooner; the lock must still outlive the longest pause of a live worker's event loop plus
 * a Redis round trip, or a slow but live worker loses its job (it is then run twice).
 */
export interface JobRecovery {
  /** How long a job's lock lasts without renewal (BullMQ `lockDuration`). */
  lockMs: number;
  /** How often a live worker renews its locks (`lockRenewTime`); a few renewals per lock life leave room for a slow one. */
  renewMs: number;
  /** How often some worker looks for jobs whose lock expired (`stalledInterval`; one check per queue for all instances). */
  stalledCheckMs: number;
  /** How many times a job may be put back so before it fails (`maxStalledCount`). */
  maxStalled: number;
}

/**
 * One BullMQ queue per service (`<prefix>:<service>`) carrying every job of its map, and its worker.
 * Boot fails when a job has no handler; pass `jobId` in opts where a job must not run twice.
 */
export function createServiceQueues<J extends JobMap>(args: {
  service: string;
  connection: Redis;
  handlers: JobHandlers<J>;
  jobNames: readonly (keyof J & string)[];
  log: Logger;
  concurrency?: number;
  /** BullMQ's defaults (30 s lock, 30 s stalled check, put back once) when absent. */
  recovery?: JobRecovery;
  prefix?: string;
  startWorker?: boolean;
  /** Counts and times each job run by name and outcome. */
  metrics?: Metrics;
}): ServiceQueues<J> {
  const missing = args.jobNames.filter((n) => typeof args.handlers[n] !== 'function');
  if (missing.length) throw new Error(`No handler for job(s): ${missing.join(', ')}`);
  const prefix = args.prefix ?? 'lbf';
  const queue = new Queue(args.service, { connection: args.connection, prefix });
  const runs = args.metrics?.counter('lbf_jobs_total', 'Job runs, by job and outcome (completed, failed)', ['job', 'outcome']);
  const latency = args.metrics?.histogram('lbf_job_duration_seconds', 'Time a job run took, by job', ['job'], [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300]);
  const processor: Processor = async (job) => {
    const handler = args.handlers[job.name as keyof J];
    if (!handler) throw new Error(`Unknown job ${job.name}`);
    const started = process.hrtime.bigint();
    let outcome = 'failed';
    try {
      // In the trace of the work that queued it (its options keep the context), or a trace of its own.
      const attributes = { 'messaging.system': 'bullmq', 'messaging.operation.type': 'process', 'messaging.destination.name': args.service, 'messaging.message.id': job.id ?? '', 'job.name': job.name, 'job.attempt': job.attemptsMade + 1 };
      const result = await withSpanFrom(parseCarrier(job.opts.telemetry?.metadata), `job ${job.name}`, { kind: SpanKind.CONSUMER, attributes }, () => handler(job as Job<J[keyof J]>));
      outcome = 'completed';
      return result;
    } finally {
      runs?.inc({ job: job.name, outcome });
      latency?.observe({ job: job.name }, Number(process.hrtime.bigint() - started) / 1e9);
    }
  };
  // A worker blocks on its connection, so it gets its own.
  const workerConnection = args.startWorker === false ? null : args.connection.duplicate();
  const worker = workerConnection
    ? new Worker(args.service, processor, {
        connection: workerConnection,
        prefix,
        concurrency: args.concurrency ?? 4,
        ...(args.recovery && {
          lockDuration: args.recovery.lockMs,
          lockRenewTime: args.recovery.renewMs,
          stalledInterval: args.recovery.stalledCheckMs,
          maxStalledCount: args.recovery.maxStalled,
        }),
      })
    : null;
  // BullMQ emits 'error' for its own connection and lock troubles (a busy machine, Redis restarting)
  // and retries by itself; with no listener, Node would turn the event into an uncaught exception.
  queue.on('error', (err) => args.log.warn({ err: err.message }, 'job queue error'));
  worker?.on('error', (err) => args.log.warn({ err: err.message }, 'job worker error'));
  worker?.on('failed', (job, err) => args.log.warn({ job: job?.name, id: job?.id, err: err.message }, 'job failed'));
  worker?.on('stalled', (id) => args.log.warn({ id }, 'job put back: its worker stopped renewing its lock'));
  worker?.on('lockRenewalFailed', (ids) => args.log.warn({ ids }, 'could not renew job locks: another worker may run them too'));
  return {
    queue,
    add: (name, data, opts) => {
      // The queuing work's trace context, kept in BullMQ's own field for it (stored as the job's `tm`).
      const trace = traceCarrier();
      const telemetry = trace ? { telemetry: { metadata: JSON.stringify(trace) } } : {};
      return queue.add(name, data as never, { removeOnComplete: 1000, removeOnFail: 5000, ...telemetry, ...opts }) as never;
    },
    async close() {
      // Worker.close waits for the jobs in progress to finish.
      await worker?.close();
      workerConnection?.disconnect();
      await queue.close();
    },
  };
}
