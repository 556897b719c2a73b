import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  AdminAlertsChangedSubscription,
  AdminAlertsChangedSubscriptionVariables,
  AdminAlertsQuery,
  AdminAlertsQueryVariables,
  AdminTopSearchQuery,
  AdminTopSearchQueryVariables,
  MarkSaleSeenMutation,
  MarkSaleSeenMutationVariables,
} from '@/generated/graphql';

export type AdminAlertsValue = AdminAlertsQuery['adminAlerts'];
export type AdminAlertItem = AdminAlertsValue['items'][number];
export type { AdminAlertKind } from '@/generated/graphql';

/** How many hits of each kind the top bar's search lists. */
export const SEARCH_HITS_PER_KIND = 5;

/**
 * The top bar's search: users (identity), videos, PDFs and articles (catalogue) in one query
 * through the gateway. errorPolicy 'all' on the caller: one service down leaves the others' hits.
 */
export const ADMIN_TOP_SEARCH: TypedDocumentNode<AdminTopSearchQuery, AdminTopSearchQueryVariables> = gql`
  query AdminTopSearch($search: String!, $first: Int!) {
    adminUsers(search: $search, pageSize: $first) {
      total
      items {
        id
        fullName
        email
      }
    }
    videos(filter: { search: $search }, pageSize: $first) {
      total
      items {
        id
        title
      }
    }
    pdfs(filter: { search: $search }, pageSize: $first) {
      total
      items {
        id
        title
      }
    }
    adminArticles(filter: { search: $search }, pageSize: $first) {
      total
      items {
        id
        title
      }
    }
  }
`;

const ADMIN_ALERTS_FIELDS = gql`
  fragment AdminAlertsFields on AdminAlerts {
    total
    contact
    payment
    processing
    sale
    items {
      id
      kind
      title
      href
      at
    }
  }
`;

/** The bell's first value (analytics). */
export const ADMIN_ALERTS: TypedDocumentNode<AdminAlertsQuery, AdminAlertsQueryVariables> = gql`
  query AdminAlerts {
    adminAlerts {
      ...AdminAlertsFields
    }
  }
  ${ADMIN_ALERTS_FIELDS}
`;

/** The bell now, then each time an alert is raised or cleared; written into ADMIN_ALERTS' cache. */
export const ADMIN_ALERTS_CHANGED: TypedDocumentNode<AdminAlertsChangedSubscription, AdminAlertsChangedSubscriptionVariables> = gql`
  subscription AdminAlertsChanged {
    adminAlerts {
      ...AdminAlertsFields
    }
  }
  ${ADMIN_ALERTS_FIELDS}
`;

/** An administrator opened a sale from the bell: it leaves the bell (the subscription brings the new count). */
export const MARK_SALE_SEEN: TypedDocumentNode<MarkSaleSeenMutation, MarkSaleSeenMutationVariables> = gql`
  mutation MarkSaleSeen($alertId: ID!) {
    markSaleSeen(alertId: $alertId)
  }
`;
