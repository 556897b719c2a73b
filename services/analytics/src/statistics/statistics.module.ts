import { defineModule } from '@lbf/service-kit';
import type { AdminAlertsChannel } from '../alerts';
import type { AnalyticsDeps } from '../shared/deps';
import { statisticsConsumers } from './consumers';
import { nightlyRollup, type AnalyticsJobs } from './nightly-rollup';
import { statisticsResolvers } from './resolvers';

/**
 * The statistics room: adminStatistics read from the daily rollups; the read models other
 * services' events feed (purchases, refunds, video views, PDF downloads), a sale also raised in
 * the bell; and the nightly rollup that rebuilds yesterday from the raw tables and purges what is
 * past its retention.
 */
export function statisticsModule(deps: AnalyticsDeps, channel: AdminAlertsChannel) {
  const { siteTimezone } = deps.settings;
  return defineModule<AnalyticsJobs>({
    name: 'statistics',
    resolvers: statisticsResolvers({ ds: deps.ds, siteTimezone }),
    consumers: statisticsConsumers(deps, channel),
    ...nightlyRollup({ ds: deps.ds, log: deps.log, siteTimezone }),
  });
}
