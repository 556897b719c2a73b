import type { EventBus, Logger, UnitOfWork } from '@lbf/service-kit';
import type { JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import type { MessagingConfig } from '../config';
import type { MessagingJobs } from '../jobs';

/** What every messaging operation may use; built once in app.ts. */
export interface MessagingDeps {
  ds: DataSource;
  uow: UnitOfWork;
  /** The event bus: the mail part's consumers (events/consumers.ts) read identity, commerce and catalogue events from it. */
  bus: EventBus;
  log: Logger;
  config: MessagingConfig;
  redis: Redis;
  /** REDIS_KEY_PREFIX: rate-limit and pub/sub keys start with it. */
  redisKeyPrefix: string;
  enqueue<K extends keyof MessagingJobs & string>(name: K, data: MessagingJobs[K], opts?: JobsOptions): Promise<unknown>;
  now(): Date;
}
