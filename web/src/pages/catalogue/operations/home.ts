import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  HomeLiveCountersSubscription,
  HomeLiveCountersSubscriptionVariables,
  HomePageQuery,
  HomePageQueryVariables,
} from '@/generated/graphql';
import { PREMIUM_VIDEO_FRAGMENT } from '../components/premium-video-card';
import { TESTIMONIAL_CARD_FRAGMENT } from '../components/testimonial-card';

/**
 * Everything the home shows, in one request: counters (analytics) and the catalogue's settings,
 * latest video and testimonials, joined by the gateway.
 */
export const HOME_PAGE_QUERY: TypedDocumentNode<HomePageQuery, HomePageQueryVariables> = gql`
  query HomePage {
    liveCounters {
      registeredUsers
      visitsToday
      day
    }
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
