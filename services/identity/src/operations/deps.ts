import type { Logger, UnitOfWork } from '@lbf/service-kit';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import type { ResolvedConfig } from '../config';
import type { AccessTokenIssuer } from './access-tokens';
import type { RateLimiter } from './rate-limits';

/** What the operations need, built once in app.ts. */
export interface Deps {
  ds: DataSource;
  uow: UnitOfWork;
  redis: Redis;
  config: ResolvedConfig;
  log: Logger;
  limits: RateLimiter;
  tokens: AccessTokenIssuer;
  /** Zero bits the sign-up's proof of work must reach; DEFAULT_PROOF_OF_WORK_DIFFICULTY when absent. */
  proofOfWorkDifficulty?: number;
}

/** Who is asking, as far as the HTTP request tells. */
export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

export function ipKey(meta: RequestMeta): string {
  return meta.ip ?? 'unknown';
}
