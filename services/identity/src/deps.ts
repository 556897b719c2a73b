import type { EventBus, Logger, UnitOfWork } from '@lbf/service-kit';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import type { ResolvedConfig } from './config';
import type { RateLimiter } from './shared/rate-limits';

/** What every module of identity is built from, once, in app.ts. */
export interface IdentityDeps {
  ds: DataSource;
  uow: UnitOfWork;
  bus: EventBus;
  redis: Redis;
  config: ResolvedConfig;
  log: Logger;
  limits: RateLimiter;
}
