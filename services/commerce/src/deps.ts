import type { Logger, Redis, UnitOfWork } from '@lbf/service-kit';
import type { JobsOptions } from 'bullmq';
import type { DataSource } from 'typeorm';
import type { CommerceSettings } from './config';
import type { OrderUpdates } from './orders/live';
import type { ProviderRegistry } from './providers/registry';
import type { CommerceJobs } from './settlement/job-names';

export type { CommerceJobs };

/**
 * What commerce's modules need; built once in app.ts. Beside the modules (it names types of three
 * of them: the order feed, the provider registry, the queue's job map), imported by every module.
 */
export interface CommerceDeps {
  ds: DataSource;
  uow: UnitOfWork;
  log: Logger;
  /** Every default filled, frozen (config.ts `commerceSettings`). */
  config: CommerceSettings;
  providers: ProviderRegistry;
  updates: OrderUpdates;
  redis: Redis;
  enqueue<K extends keyof CommerceJobs & string>(name: K, data: CommerceJobs[K], opts?: JobsOptions): Promise<unknown>;
  now(): Date;
}
