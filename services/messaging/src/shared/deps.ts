import type { EventBus, Logger, Metrics, UnitOfWork } from '@lbf/service-kit';
import type { JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import type { MessagingSettings } from '../config';
import type { MessagingJobs } from './jobs';

/** What every messaging module may use; built once in app.ts. */
export interface MessagingDeps {
  ds: DataSource;
  uow: UnitOfWork;
  /** The event bus the modules' consumers read identity, commerce and catalogue events from. */
  bus: EventBus;
  log: Logger;
  /** Parsed once, every default filled, read-only (config.ts `settleConfig`). */
  config: MessagingSettings;
  redis: Redis;
  enqueue<K extends keyof MessagingJobs & string>(name: K, data: MessagingJobs[K], opts?: JobsOptions): Promise<unknown>;
  now(): Date;
  /** The service's Prometheus registry (the kit's /metrics). */
  metrics: Metrics;
}
