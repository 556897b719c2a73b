import type { UnitOfWork } from '@lbf/service-kit';
import { GraphQLError } from 'graphql';
import type { DataSource } from 'typeorm';
import type { LiveCounters } from '../domain/live-counters';
import type { Resolvers } from '../generated/graphql';
import { pageVisitInput, storedUserAgent } from '../domain/page-visit';
import { siteDay } from '../domain/site-day';
import type { LiveCountersFeed } from '../live/counters-feed';
import { readLiveCounters, recordVisit } from '../store/counters';
import type { VisitRateLimit } from '../visit-rate-limit';

export interface ResolverDeps {
  ds: DataSource;
  uow: UnitOfWork;
  feed: LiveCountersFeed;
  rateLimit: VisitRateLimit;
  siteTimezone: string;
}

/** Everything here is public: the counters are shown to every visitor and visits are anonymous. */
export function createResolvers(deps: ResolverDeps): Resolvers {
  const current = (): Promise<LiveCounters> => readLiveCounters(deps.ds.manager, siteDay(new Date(), deps.siteTimezone));

  return {
    Query: {
      liveCounters: () => current(),
    },
    Mutation: {
      recordPageVisit: async (_parent, args, ctx) => {
        const parsed = pageVisitInput.safeParse(args.input);
        if (!parsed.success) {
          throw new GraphQLError('Visite invalide', {
            extensions: { code: 'BAD_USER_INPUT', issues: parsed.error.issues.map((i) => ({ path: i.path, message: i.message })) },
          });
        }
        // Over the limit the caller still gets true: telling a script it was throttled only helps it adapt.
        if (!(await deps.rateLimit.allow(ctx.ip, parsed.data.visitorId))) return true;
        const at = new Date();
        await recordVisit(deps.uow, { ...parsed.data, userAgent: storedUserAgent(ctx.userAgent), at, day: siteDay(at, deps.siteTimezone) });
        return true;
      },
    },
    Subscription: {
      liveCounters: {
        subscribe: () => deps.feed.subscribe(current),
        resolve: (payload: LiveCounters) => payload,
      },
    },
  };
}
