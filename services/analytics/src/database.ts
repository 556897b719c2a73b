import { createServiceDataSource } from '@lbf/service-kit';
import type { DataSource } from 'typeorm';
import { AdminJournal1773000000000 } from './migrations/admin-journal';
import { AdminJournalIntegrations1782000000400 } from './migrations/admin-journal-integrations';
import { AnalyticsTables1760000000000 } from './migrations/analytics-tables';
import { HealthDataConsents1772200000000 } from './migrations/health-data-consents';
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
    migrations: [AnalyticsTables1760000000000, VisitsAndStatistics1771000000000, OneCountOfSalesAndSignUps1772000000000, VisitorVideoViews1772100000000, HealthDataConsents1772200000000, AdminJournal1773000000000, AdminJournalIntegrations1782000000400],
    poolSize,
  });
}
