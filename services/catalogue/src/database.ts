import { createServiceDataSource } from '@lbf/service-kit';
import type { DataSource } from 'typeorm';
import { CatalogueTables1763800000000 } from './migrations/catalogue-tables';
import { ContentCredits1764500000200 } from './migrations/content-credits';
import { EntitlementBuyer1764000000300 } from './migrations/entitlement-buyer';
import { HealthDataConsents1764600000000 } from './migrations/health-data-consents';
import { LessonDataUse1764700000000 } from './migrations/lesson-data-use';
import { Entitlements1763900000000 } from './migrations/entitlements';
import { MediaPipeline1764000000000 } from './migrations/media-pipeline';
import { MediaPipelineVersion1764000000001 } from './migrations/media-pipeline-version';
import { OfflineLicences1782000000300 } from './migrations/offline-licences';
import { ProcessingAlerts1764000000500 } from './migrations/processing-alerts';
import { Reviews1764700000100 } from './migrations/reviews';
import { SettingsLegalKeys1764300000100 } from './migrations/settings-legal-keys';
import { VisitorViews1764400000000 } from './migrations/visitor-views';

export const SCHEMA = 'catalogue';

/**
 * The catalogue's tables come from its migrations alone and are read and written with SQL (each
 * room's store.ts, records in shared/records.ts): no TypeORM entities of its own, only the kit's outbox and inbox.
 */
export function createDataSource(url: string, poolSize?: number): DataSource {
  return createServiceDataSource({
    url,
    schema: SCHEMA,
    migrations: [
      CatalogueTables1763800000000,
      Entitlements1763900000000,
      MediaPipeline1764000000000,
      MediaPipelineVersion1764000000001,
      EntitlementBuyer1764000000300,
      ProcessingAlerts1764000000500,
      SettingsLegalKeys1764300000100,
      VisitorViews1764400000000,
      ContentCredits1764500000200,
      HealthDataConsents1764600000000,
      LessonDataUse1764700000000,
      Reviews1764700000100,
      OfflineLicences1782000000300,
    ],
    poolSize,
  });
}
