import type { Logger, Redis, UnitOfWork } from '@lbf/service-kit';
import type { JobsOptions } from 'bullmq';
import type { DataSource } from 'typeorm';
import type { CommerceConfig } from '../config';
import type { CommerceJobs } from '../jobs/commerce-jobs';
import type { OrderUpdates } from '../live/order-updates';
import type { ProviderRegistry } from './providers';

/** What commerce's operations need; built once in app.ts. */
export interface CommerceDeps {
  ds: DataSource;
  uow: UnitOfWork;
  log: Logger;
  config: CommerceConfig;
  providers: ProviderRegistry;
  updates: OrderUpdates;
  redis: Redis;
  /** Prefix of this service's Redis keys. */
  redisKeyPrefix: string;
  enqueue<K extends keyof CommerceJobs & string>(name: K, data: CommerceJobs[K], opts?: JobsOptions): Promise<unknown>;
  now(): Date;
}
