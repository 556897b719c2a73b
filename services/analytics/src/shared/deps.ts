import type { EventBus, Logger, Redis, UnitOfWork } from '@lbf/service-kit';
import type { DataSource } from 'typeorm';
import type { AnalyticsSettings } from '../config';

/** What every room of analytics is built from (the kit's infrastructure and the settings, defaulted once). */
export interface AnalyticsDeps {
  ds: DataSource;
  uow: UnitOfWork;
  bus: EventBus;
  redis: Redis;
  log: Logger;
  settings: AnalyticsSettings;
}
