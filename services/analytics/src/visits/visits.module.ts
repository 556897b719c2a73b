import { defineModule } from '@lbf/service-kit';
import type { AnalyticsDeps } from '../shared/deps';
import { siteDay } from '../shared/site-day';
import { LiveCountersFeed } from './counters-feed';
import { VisitRateLimit } from './rate-limit';
import { visitsResolvers } from './resolvers';
import { readLiveCounters } from './store';

/**
 * The visits room: page views grouped into visits (recordPageVisit, rate-limited per visitor and
 * per address), and the live counters every visitor sees (query, and a subscription fed by
 * analytics.counters.updated, heard by every instance).
 */
export function visitsModule(deps: AnalyticsDeps) {
  const { settings } = deps;
  const feed = new LiveCountersFeed(deps.bus, deps.log);
  const rateLimit = new VisitRateLimit(deps.redis, settings.redisKeyPrefix, deps.log, settings.visitsPerMinutePerIp);
  const current = () => readLiveCounters(deps.ds.manager, siteDay(new Date(), settings.siteTimezone));
  return defineModule({
    name: 'visits',
    resolvers: visitsResolvers({ uow: deps.uow, rateLimit, siteTimezone: settings.siteTimezone, feed, current }),
    start: async () => feed.start(),
    stop: async () => feed.stop(),
  });
}
