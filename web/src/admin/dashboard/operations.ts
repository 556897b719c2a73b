import { gql, type TypedDocumentNode } from '@apollo/client';
import type { AdminDashboardCommerceQuery, AdminDashboardCommerceQueryVariables, AdminDashboardCatalogueQuery, AdminDashboardCatalogueQueryVariables } from '@/generated/graphql';

/**
 * Two queries, one per service, so that one service down leaves the other's cards on screen
 * (a card whose figure did not arrive is not shown, never a made-up zero).
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
