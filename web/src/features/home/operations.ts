import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  HomeCountersQuery,
  HomeCountersQueryVariables,
  HomeLiveCountersSubscription,
  HomeLiveCountersSubscriptionVariables,
  HomePageQuery,
  HomePageQueryVariables,
} from '@/generated/graphql';
import { PREMIUM_VIDEO_FRAGMENT } from './premium-video-card';
import { TESTIMONIAL_CARD_FRAGMENT } from './testimonial-card';

/*
 * The home asks each subgraph on its own: in one operation, a non-null root field whose subgraph
 * is down (liveCounters: LiveCounters!) nulls the whole answer, and an analytics outage blanked
 * the hero, the latest video and the testimonials with it. Two queries, sent together, each
 * failing alone: the counters then say 'indisponible' and the rest of the page stays.
 */

/** The catalogue's part: hero texts, latest video, testimonials. */
export const HOME_PAGE_QUERY: TypedDocumentNode<HomePageQuery, HomePageQueryVariables> = gql`
  query HomePage {
    siteSettings {
      heroTitle
      heroSubtitle
    }
    latestVideo {
      ...PremiumVideoCard_video
    }
    testimonials {
      ...TestimonialCard_testimonial
    }
  }
  ${PREMIUM_VIDEO_FRAGMENT}
  ${TESTIMONIAL_CARD_FRAGMENT}
`;

/** The analytics part: registered users and today's visits. */
export const HOME_COUNTERS_QUERY: TypedDocumentNode<HomeCountersQuery, HomeCountersQueryVariables> = gql`
  query HomeCounters {
    liveCounters {
      registeredUsers
      visitsToday
      day
    }
  }
`;

/** Pushed counters land in the cache (LiveCounters is a singleton) and refresh the query above. */
export const HOME_LIVE_COUNTERS: TypedDocumentNode<HomeLiveCountersSubscription, HomeLiveCountersSubscriptionVariables> = gql`
  subscription HomeLiveCounters {
    liveCounters {
      registeredUsers
      visitsToday
      day
    }
  }
`;
