import { createServiceDataSource } from '@lbf/service-kit';
import type { DataSource } from 'typeorm';
import { AnalyticsTables1760000000000 } from './migrations/analytics-tables';
import { OneCountOfSalesAndSignUps1772000000000 } from './migrations/one-count-of-sales-and-sign-ups';
import { VisitorVideoViews1772100000000 } from './migrations/visitor-video-views';
import { VisitsAndStatistics1771000000000 } from './migrations/visits-and-statistics';

export const SCHEMA = 'analytics';

/**
 * Analytics' database, reached one way: raw SQL through the EntityManager, each room's statements
 * in its `store.ts` (no TypeORM entity of its own; the kit's outbox, inbox and parked events only).
 */
export function createDataSource(url: string, poolSize?: number): DataSource {
  return createServiceDataSource({
    url,
    schema: SCHEMA,
    migrations: [AnalyticsTables1760000000000, VisitsAndStatistics1771000000000, OneCountOfSalesAndSignUps1772000000000, VisitorVideoViews1772100000000],
    poolSize,
  });
}
