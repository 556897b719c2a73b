import { installAfterCommit, bootService, defineService, type BaseContext, serviceHandle, type ServiceHandle } from '@lbf/service-kit';
import { AdminAlertsChannel } from './alerts';
import { alertsModule } from './alerts/alerts.module';
import { analyticsSettings, type AnalyticsConfig, type AnalyticsSettings } from './config';
import { createDataSource } from './database';
import { journalModule } from './journal/journal.module';
import { analyticsErasure } from './erasure/erasure.module';
import { analyticsExport } from './export';
import { typeDefs } from './schema';
import type { AnalyticsDeps } from './shared/deps';
import { ANALYTICS_JOB_NAMES, type AnalyticsJobs } from './statistics';
import { statisticsModule } from './statistics/statistics.module';
import { usersModule } from './users/users.module';
import { visitsModule } from './visits/visits.module';

export type RunningAnalytics = ServiceHandle;

/**
 * What analytics is on top of the kit's bootstrap: five rooms. visits (page views, visits, the
 * live counters), users (registrations: the registered-users total and sign-ups), statistics (the
 * read models of sales, views and downloads, the rollups, adminStatistics, the nightly rollup),
 * alerts (the back-office bell, whose live channel statistics nudges too), journal (the
 * administrators' actions every service records, append-only, and the « Journal » page's reads)
 * and erasure (a deleted account's rows pseudonymised).
 */
export function analyticsService(config: AnalyticsConfig) {
  const settings = analyticsSettings(config);
  return defineService<AnalyticsSettings, AnalyticsJobs, BaseContext>({
    name: 'analytics',
    config: settings,
    dataSource: (url, poolMax) => createDataSource(url, poolMax),
    typeDefs,
    subscriptions: true,
    jobs: { names: ANALYTICS_JOB_NAMES },
    setup({ ds, uow, bus, redis, log }) {
      installAfterCommit(ds, log);
      const deps: AnalyticsDeps = { ds, uow, bus, redis, log, settings };
      const bell = new AdminAlertsChannel(redis, settings.redisKeyPrefix, log);
      return {
        modules: [visitsModule(deps), usersModule(deps), statisticsModule(deps, bell), alertsModule(deps, bell), journalModule(deps), analyticsErasure(deps), analyticsExport(deps)],
      };
    },
  });
}

/** Boots analytics in this process (what main does, and what the tests call). */
export async function startAnalytics(config: AnalyticsConfig): Promise<RunningAnalytics> {
  const running = await bootService(analyticsService(config));
  return serviceHandle(running);
}
