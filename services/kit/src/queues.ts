import { Queue, Worker, type Job, type JobsOptions, type Processor } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from './logger';

/**
 * A typed map of one service's jobs: `{ 'rollup-day': { day: string } }`. Queue names are stored
 * in Redis, so never rename one that may hold jobs.
 */
export type JobMap = Record<string, Record<string, unknown>>;

export type JobHandlers<J extends JobMap> = { [K in keyof J]: (job: Job<J[K]>) => Promise<unknown> };

export interface ServiceQueues<J extends JobMap> {
  add<K extends keyof J & string>(name: K, data: J[K], opts?: JobsOptions): Promise<Job<J[K]>>;
  queue: Queue;
  close(): Promise<void>;
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
  prefix?: string;
  startWorker?: boolean;
}): ServiceQueues<J> {
  const missing = args.jobNames.filter((n) => typeof args.handlers[n] !== 'function');
  if (missing.length) throw new Error(`No handler for job(s): ${missing.join(', ')}`);
  const prefix = args.prefix ?? 'lbf';
  const queue = new Queue(args.service, { connection: args.connection, prefix });
  const processor: Processor = async (job) => {
    const handler = args.handlers[job.name as keyof J];
    if (!handler) throw new Error(`Unknown job ${job.name}`);
    return handler(job as Job<J[keyof J]>);
  };
  // A worker blocks on its connection, so it gets its own.
  const workerConnection = args.startWorker === false ? null : args.connection.duplicate();
  const worker = workerConnection
    ? new Worker(args.service, processor, { connection: workerConnection, prefix, concurrency: args.concurrency ?? 4 })
    : null;
  worker?.on('failed', (job, err) => args.log.warn({ job: job?.name, id: job?.id, err: err.message }, 'job failed'));
  return {
    queue,
    add: (name, data, opts) => queue.add(name, data as never, { removeOnComplete: 1000, removeOnFail: 5000, ...opts }) as never,
    async close() {
      // Worker.close waits for the jobs in progress to finish.
      await worker?.close();
      workerConnection?.disconnect();
      await queue.close();
    },
  };
}
