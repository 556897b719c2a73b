import { validArgs, type UnitOfWork } from '@lbf/service-kit';
import type { DataSource } from 'typeorm';
import type { LiveCounters } from '../domain/live-counters';
import type { Resolvers } from '../generated/graphql';
import { pageVisitInput, storedUserAgent } from '../domain/page-visit';
import { siteDay } from '../domain/site-day';
import type { AdminAlertsChannel } from '../live/admin-alerts-channel';
import type { LiveCountersFeed } from '../live/counters-feed';
import { readLiveCounters, recordPageView } from '../store/counters';
import type { VisitRateLimit } from '../visit-rate-limit';
import { adminResolvers } from './admin';

export interface ResolverDeps {
  ds: DataSource;
  uow: UnitOfWork;
  feed: LiveCountersFeed;
  alerts: AdminAlertsChannel;
  rateLimit: VisitRateLimit;
  siteTimezone: string;
}

/** The live counters and page views are public (shown to every visitor, anonymous); the admin part checks the role. */
export function createResolvers(deps: ResolverDeps): Resolvers {
  const current = (): Promise<LiveCounters> => readLiveCounters(deps.ds.manager, siteDay(new Date(), deps.siteTimezone));
  const admin = adminResolvers(deps);

  return {
    Query: {
      liveCounters: () => current(),
      ...admin.Query,
    },
    Mutation: {
      recordPageVisit: async (_parent, args, ctx) => {
        // A beacon, not a form: nothing to show a person, so a bad visit is refused with the kit's
        // one BAD_USER_INPUT shape rather than a payload.
        const visit = validArgs(pageVisitInput, args.input);
        // Over the limit the caller still gets true: telling a script it was throttled only helps it adapt.
        if (!(await deps.rateLimit.allow(ctx.ip, visit.visitorId))) return true;
        const at = new Date();
        await recordPageView(deps.uow, { ...visit, userAgent: storedUserAgent(ctx.userAgent), at, day: siteDay(at, deps.siteTimezone) });
        return true;
      },
      ...admin.Mutation,
    },
    Subscription: {
      liveCounters: {
        subscribe: () => deps.feed.subscribe(current),
        resolve: (payload: LiveCounters) => payload,
      },
      ...admin.Subscription,
    },
  } as Resolvers;
}
