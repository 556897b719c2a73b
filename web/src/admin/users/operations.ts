import { gql, type TypedDocumentNode } from '@apollo/client';
import type * as G from '@/generated/graphql';
import { USER_ERROR_FIELDS } from '@/lib/user-error';

export type PurchaseHistoryRow = G.AdminUserOrdersQuery['adminUserOrders'][number];

/** One user's orders, newest first (commerce), for the purchase history dialog. */
export const ADMIN_USER_ORDERS: TypedDocumentNode<G.AdminUserOrdersQuery, G.AdminUserOrdersQueryVariables> = gql`
  query AdminUserOrders($userId: ID!) {
    adminUserOrders(userId: $userId) {
      id
      itemId
      itemType
      itemTitle
      amount {
        usdCents
        xaf
      }
      method
      status
      createdAt
    }
  }
`;

export type { SortDirection, UserSort } from '@/generated/graphql';
export type AdminUserRow = G.AdminUsersPageQuery['adminUsers']['items'][number];

export const USERS_PAGE_SIZE = 25;

/**
 * The users table in one query through the gateway: identity answers the page (names, e-mail,
 * phone, ban), commerce joins purchaseCount and totalSpent, messaging unreadMessageCount, each by
 * federation on User.id.
 */
export const ADMIN_USERS_PAGE: TypedDocumentNode<G.AdminUsersPageQuery, G.AdminUsersPageQueryVariables> = gql`
  query AdminUsersPage($search: String, $sort: UserSort, $direction: SortDirection, $page: Int, $pageSize: Int) {
    adminUsers(search: $search, sort: $sort, direction: $direction, page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      totalPages
      items {
        id
        fullName
        email
        phone
        createdAt
        isBanned
        ban {
          reason
          bannedAt
        }
        pendingDeletion {
          scheduledFor
        }
        purchaseCount
        totalSpent {
          xaf
          usdCents
        }
        unreadMessageCount
      }
    }
  }
`;

/** The identity cards: total, active, banned. */
export const ADMIN_USER_STATS: TypedDocumentNode<G.AdminUserStatsQuery, G.AdminUserStatsQueryVariables> = gql`
  query AdminUserStats {
    adminUserStats {
      total
      active
      banned
    }
  }
`;

/** The commerce cards: purchases and revenue (a separate query: one service down leaves the others' cards). */
export const ADMIN_USERS_COMMERCE_STATS: TypedDocumentNode<G.AdminUsersCommerceStatsQuery, G.AdminUsersCommerceStatsQueryVariables> = gql`
  query AdminUsersCommerceStats {
    commerceStats {
      revenue {
        usdCents
        xaf
      }
      salesCount
    }
  }
`;

/** Every user matching the search, in the table's order, as users-export.csv. */
export const EXPORT_USERS_CSV: TypedDocumentNode<G.ExportUsersCsvQuery, G.ExportUsersCsvQueryVariables> = gql`
  query ExportUsersCsv($search: String, $sort: UserSort, $direction: SortDirection) {
    exportUsersCsv(search: $search, sort: $sort, direction: $direction)
  }
`;

export const BAN_USER: TypedDocumentNode<G.BanUserMutation, G.BanUserMutationVariables> = gql`
  mutation BanUser($input: BanUserInput!) {
    banUser(input: $input) {
      user {
        id
        isBanned
      }
      error {
        ...UserErrorFields
      }
    }
  }
  ${USER_ERROR_FIELDS}
`;

export const UNBAN_USER: TypedDocumentNode<G.UnbanUserMutation, G.UnbanUserMutationVariables> = gql`
  mutation UnbanUser($input: UnbanUserInput!) {
    unbanUser(input: $input) {
      user {
        id
        isBanned
      }
      error {
        ...UserErrorFields
      }
    }
  }
  ${USER_ERROR_FIELDS}
`;

/**
 * « Supprimer les données » for a person who asked by e-mail, with the reason: the same grace period
 * as their own request (identity's adminDeleteUser explains why); the answer's user carries its date.
 */
export const ADMIN_DELETE_USER: TypedDocumentNode<G.AdminDeleteUserMutation, G.AdminDeleteUserMutationVariables> = gql`
  mutation AdminDeleteUser($userId: ID!, $reason: String!) {
    adminDeleteUser(userId: $userId, reason: $reason) {
      user {
        id
        pendingDeletion {
          scheduledFor
        }
      }
      error {
        ...UserErrorFields
      }
    }
  }
  ${USER_ERROR_FIELDS}
`;

/** « Exporter les données » of a user, on their request (the reason is journaled; the link goes to them). */
export const ADMIN_REQUEST_DATA_EXPORT: TypedDocumentNode<G.AdminRequestDataExportMutation, G.AdminRequestDataExportMutationVariables> = gql`
  mutation AdminRequestDataExport($userId: ID!, $reason: String!) {
    adminRequestDataExport(userId: $userId, reason: $reason) {
      request {
        id
      }
      error {
        ...UserErrorFields
      }
    }
  }
  ${USER_ERROR_FIELDS}
`;
