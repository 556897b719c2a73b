import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  AdminDashboardCatalogueQuery,
  AdminDashboardCatalogueQueryVariables,
  AdminDashboardCommerceQuery,
  AdminDashboardCommerceQueryVariables,
  AdminDashboardDailyQuery,
  AdminDashboardDailyQueryVariables,
  AdminDashboardNewsletterQuery,
  AdminDashboardNewsletterQueryVariables,
  AdminDashboardUsersQuery,
  AdminDashboardUsersQueryVariables,
} from '@/generated/graphql';

/**
 * One query per service (commerce, catalogue, identity, messaging, analytics), so that one
 * service down leaves the others' cards on screen (a card whose figure did not arrive is not
 * shown, never a made-up zero).
 */
export const ADMIN_DASHBOARD_COMMERCE: TypedDocumentNode<AdminDashboardCommerceQuery, AdminDashboardCommerceQueryVariables> = gql`
  query AdminDashboardCommerce {
    commerceStats {
      revenue {
        usdCents
        xaf
      }
      salesCount
    }
  }
`;

export const ADMIN_DASHBOARD_CATALOGUE: TypedDocumentNode<AdminDashboardCatalogueQuery, AdminDashboardCatalogueQueryVariables> = gql`
  query AdminDashboardCatalogue {
    catalogueStats {
      videoCount
      pdfCount
    }
  }
`;

export const ADMIN_DASHBOARD_USERS: TypedDocumentNode<AdminDashboardUsersQuery, AdminDashboardUsersQueryVariables> = gql`
  query AdminDashboardUsers {
    adminUserStats {
      total
      active
    }
  }
`;

export const ADMIN_DASHBOARD_NEWSLETTER: TypedDocumentNode<AdminDashboardNewsletterQuery, AdminDashboardNewsletterQueryVariables> = gql`
  query AdminDashboardNewsletter {
    adminNewsletterStats {
      activeSubscribers
    }
  }
`;

/** The two charts: 30 days of analytics' daily rollups (site time, today last). */
export const ADMIN_DASHBOARD_DAILY: TypedDocumentNode<AdminDashboardDailyQuery, AdminDashboardDailyQueryVariables> = gql`
  query AdminDashboardDaily {
    adminStatistics(days: 30) {
      daily {
        day
        revenueXaf
        signUps
        visits
      }
    }
  }
`;
