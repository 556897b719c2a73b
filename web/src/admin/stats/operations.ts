import { gql, type TypedDocumentNode } from '@apollo/client';
import type * as G from '@/generated/graphql';

/*
 * One query per service (identity, catalogue, messaging, analytics), as on the dashboard: a
 * service down takes only its own cards away, never shows a made-up zero.
 */

export const ADMIN_STATS_USERS: TypedDocumentNode<G.AdminStatsUsersQuery, G.AdminStatsUsersQueryVariables> = gql`
  query AdminStatsUsers {
    adminUserStats {
      total
      newLast30Days
    }
  }
`;

export const ADMIN_STATS_CATALOGUE: TypedDocumentNode<G.AdminStatsCatalogueQuery, G.AdminStatsCatalogueQueryVariables> = gql`
  query AdminStatsCatalogue {
    catalogueStats {
      videoCount
      pdfCount
    }
  }
`;

export const ADMIN_STATS_NEWSLETTER: TypedDocumentNode<G.AdminStatsNewsletterQuery, G.AdminStatsNewsletterQueryVariables> = gql`
  query AdminStatsNewsletter {
    adminNewsletterStats {
      activeSubscribers
    }
  }
`;

/** The period's rollups, measures and tops, and the all-time views and downloads (analytics). */
export const ADMIN_STATS_ANALYTICS: TypedDocumentNode<G.AdminStatsAnalyticsQuery, G.AdminStatsAnalyticsQueryVariables> = gql`
  query AdminStatsAnalytics($days: Int!) {
    adminStatistics(days: $days) {
      from
      to
      daily {
        day
        signUps
        buyers
        revenueXaf
        visits
        pageViews
      }
      conversion {
        registeredUsers
        buyers
        buyerRate
        visitors
        signUps
        signUpRate
      }
      averageVisitSeconds
      pagesPerVisit
      topPages {
        path
        views
        visits
      }
      topItems {
        itemId
        itemType
        title
        sales
        revenueXaf
      }
      totalVideoViews
      totalPdfDownloads
      totalVisits
    }
  }
`;
