import { unwrap } from '@lbf/service-kit';
import type { MutationResolvers, QueryResolvers, SubscriptionResolvers } from '../generated/graphql';
import type { LiveCounters } from '../shared/counters';
import type { LiveCountersFeed } from './counters-feed';
import { recordPageVisit, type RecordPageVisitDeps } from './record-page-visit';

export interface VisitsResolverDeps extends RecordPageVisitDeps {
  feed: LiveCountersFeed;
  /** The counters now (site day of the call). */
  current: () => Promise<LiveCounters>;
}

/** The live counters and page views are public (shown to every visitor, anonymous). */
export function visitsResolvers(deps: VisitsResolverDeps): {
  Query: QueryResolvers;
  Mutation: MutationResolvers;
  Subscription: SubscriptionResolvers;
} {
  return {
    Query: {
      liveCounters: () => deps.current(),
    },
    Mutation: {
      // A beacon, not a form: nothing to show a person, so a bad visit is refused with the kit's
      // one BAD_USER_INPUT shape rather than a payload.
      recordPageVisit: async (_parent, args, ctx) => unwrap(await recordPageVisit(deps, args.input, { ip: ctx.ip, userAgent: ctx.userAgent })),
    },
    Subscription: {
      liveCounters: {
        subscribe: () => deps.feed.subscribe(deps.current),
        resolve: (payload: LiveCounters) => payload,
      },
    },
  };
}
