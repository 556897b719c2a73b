import { gql, type TypedDocumentNode } from '@apollo/client';
import type { AdminUserOrdersQuery, AdminUserOrdersQueryVariables } from '@/generated/graphql';

export type PurchaseHistoryRow = AdminUserOrdersQuery['adminUserOrders'][number];

/** One user's orders, newest first (commerce), for the purchase history dialog. */
export const ADMIN_USER_ORDERS: TypedDocumentNode<AdminUserOrdersQuery, AdminUserOrdersQueryVariables> = gql`
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
