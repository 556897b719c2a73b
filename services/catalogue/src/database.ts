import { createServiceDataSource } from '@lbf/service-kit';
import type { DataSource } from 'typeorm';
import { Article, PendingUpload, Pdf, SiteSetting, Testimonial, Video } from './entities';
import { CatalogueTables1763800000000 } from './migrations/catalogue-tables';
import { EntitlementBuyer1764000000300 } from './migrations/entitlement-buyer';
import { Entitlements1763900000000 } from './migrations/entitlements';
import { MediaPipeline1764000000000 } from './migrations/media-pipeline';
import { MediaPipelineVersion1764000000001 } from './migrations/media-pipeline-version';
import { ProcessingAlerts1764000000500 } from './migrations/processing-alerts';
import { SettingsLegalKeys1764300000100 } from './migrations/settings-legal-keys';
import { VisitorViews1764400000000 } from './migrations/visitor-views';

export const SCHEMA = 'catalogue';

export function createDataSource(url: string, poolSize?: number): DataSource {
  return createServiceDataSource({
    url,
    schema: SCHEMA,
    entities: [Video, Pdf, Article, Testimonial, SiteSetting, PendingUpload],
    migrations: [
      CatalogueTables1763800000000,
      Entitlements1763900000000,
      MediaPipeline1764000000000,
      MediaPipelineVersion1764000000001,
      EntitlementBuyer1764000000300,
      ProcessingAlerts1764000000500,
      SettingsLegalKeys1764300000100,
      VisitorViews1764400000000,
    ],
    poolSize,
  });
}
