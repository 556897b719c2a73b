import { defineModule } from '@lbf/service-kit';
import type { AdminAlertsChannel } from '../alerts';
import type { AnalyticsDeps } from '../shared/deps';
import { statisticsConsumers } from './consumers';
import { healthConsentsConsumer } from './health-consents';
import { nightlyRollup, type AnalyticsJobs } from './nightly-rollup';
import { statisticsResolvers } from './resolvers';

/**
 * The statistics room: adminStatistics read from the daily rollups; the read models other
 * services' events feed (purchases, refunds, video views, PDF downloads, tied to a person only with
 * their health-data consent: health-consents.ts), a sale also raised in the bell; and the nightly rollup that rebuilds yesterday from the raw tables and purges what is
 * past its retention.
 */
export function statisticsModule(deps: AnalyticsDeps, channel: AdminAlertsChannel) {
  const { siteTimezone, adminJournalRetentionDays } = deps.settings;
  return defineModule<AnalyticsJobs>({
    name: 'statistics',
    resolvers: statisticsResolvers({ ds: deps.ds, siteTimezone }),
    consumers: [...statisticsConsumers(deps, channel), ...healthConsentsConsumer(deps)],
    ...nightlyRollup({ ds: deps.ds, log: deps.log, siteTimezone, adminJournalRetentionDays }),
  });
}
