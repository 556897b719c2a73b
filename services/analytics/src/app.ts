import { installAfterCommit, bootService, defineService, type BaseContext } from '@lbf/service-kit';
import type { AnalyticsConfig } from './config';
import { createDataSource } from './database';
import { adminAlertConsumers } from './events/admin-alerts';
import { statisticsConsumers } from './events/statistics-consumers';
import { COUNTERS_CONSUMER, startCountersConsumer } from './events/user-registered';
import { analyticsJobHandlers, ANALYTICS_JOB_NAMES, NIGHTLY_ROLLUP_PATTERN, NIGHTLY_ROLLUP_SCHEDULER, type AnalyticsJobs } from './jobs/rollup-visits';
import { AdminAlertsChannel } from './live/admin-alerts-channel';
import { LiveCountersFeed } from './live/counters-feed';
import { createResolvers } from './resolvers';
import { typeDefs } from './schema';
import { VisitRateLimit } from './visit-rate-limit';

export interface RunningAnalytics {
  url: string;
  wsUrl: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * What analytics is on top of the kit's bootstrap: its live feed and the bell's channel, the
 * consumers of its read models (registrations, purchases, refunds, views, downloads, alerts), the
 * visit rate limit and the nightly rollup.
 */
export function analyticsService(config: AnalyticsConfig) {
  return defineService<AnalyticsConfig, AnalyticsJobs, BaseContext>({
    name: 'analytics',
    config,
    dataSource: (url) => createDataSource(url),
    typeDefs,
    subscriptions: true,
    jobs: { names: ANALYTICS_JOB_NAMES },
    async setup({ ds, uow, bus, redis, log, onShutdown }) {
      const feed = new LiveCountersFeed(bus, log);
      feed.start();
      onShutdown('live feed', () => feed.stop());
      const keyPrefix = config.redisKeyPrefix ?? 'lbf';
      installAfterCommit(ds, log);
      const alerts = new AdminAlertsChannel(redis, keyPrefix, log);
      await alerts.start();
      onShutdown('admin alerts channel', () => alerts.stop());
      const rateLimit = new VisitRateLimit(redis, keyPrefix, log, config.visitsPerMinutePerIp);
      const consuming = { bus, uow, log, siteTimezone: config.siteTimezone, maxDeliver: config.eventMaxDeliver };
      return {
        resolvers: createResolvers({ ds, uow, feed, alerts, rateLimit, siteTimezone: config.siteTimezone }),
        consumers: [
          { name: COUNTERS_CONSUMER, start: () => startCountersConsumer(consuming) },
          ...statisticsConsumers({ ...consuming, channel: alerts }),
          ...adminAlertConsumers({ ...consuming, channel: alerts }),
        ],
        jobHandlers: analyticsJobHandlers({ ds, log, siteTimezone: config.siteTimezone }),
        jobSchedules: [
          { id: NIGHTLY_ROLLUP_SCHEDULER, name: 'rollup-visits', repeat: { pattern: NIGHTLY_ROLLUP_PATTERN, tz: config.siteTimezone } },
        ],
      };
    },
  });
}

/** Boots analytics in this process (what main does, and what the tests call). */
export async function startAnalytics(config: AnalyticsConfig): Promise<RunningAnalytics> {
  const running = await bootService(analyticsService(config));
  return {
    url: running.url,
    wsUrl: running.wsUrl,
    port: running.port,
    stop: async () => void (await running.stop()),
  };
}
