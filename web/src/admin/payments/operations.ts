import { gql, type TypedDocumentNode } from '@apollo/client';
import { ORDER_SUMMARY_FIELDS, PAYMENT_ATTEMPT_FIELDS } from '@/features/commerce/operations';
import type * as G from '@/generated/graphql';
import { USER_ERROR_FIELDS } from '@/lib/user-error';

export type AdminOrder = G.AdminOrderRowFragment;
export type AdminOrders = G.AdminOrdersPageQuery['adminOrders'];
export type AdminOrderDetail = G.AdminOrderDetailFragment;
export type AdminAttempt = AdminOrderDetail['attempts'][number];
export type { OrderFilter, OrderStatus, PaymentMethod } from '@/generated/graphql';

export const PAGE_SIZE = 20;

/** What a row of the Paiements table shows (commerce's fields only). */
const ADMIN_ORDER_ROW = gql`
  fragment AdminOrderRow on Order {
    ...OrderSummary
    buyerId
    buyerEmail
    gift {
      id
      status
      recipientEmail
      recipientPhone
      claimedAt
    }
  }
  ${ORDER_SUMMARY_FIELDS}
`;

/** The detail dialog: the order, its manual action and every attempt with the provider's raw answers. */
const ADMIN_ORDER_DETAIL = gql`
  fragment AdminOrderDetail on Order {
    ...AdminOrderRow
    updatedAt
    completedAt
    promo {
      code
      discount {
        usdCents
        xaf
      }
    }
    adminAction {
      kind
      reason
      adminId
      at
    }
    attempts {
      ...PaymentAttemptFields
      providerReference
      providerLog {
        at
        kind
        httpStatus
        body
      }
    }
  }
  ${ADMIN_ORDER_ROW}
  ${PAYMENT_ATTEMPT_FIELDS}
`;

/** What each manual action answers: the order as it is now (the open dialog follows), or the refusal. */
const ADMIN_ORDER_RESULT = gql`
  fragment AdminOrderResult on CheckoutResult {
    order {
      ...AdminOrderDetail
    }
    error {
      ...UserErrorFields
    }
  }
  ${ADMIN_ORDER_DETAIL}
  ${USER_ERROR_FIELDS}
`;

export const ADMIN_ORDERS_PAGE: TypedDocumentNode<G.AdminOrdersPageQuery, G.AdminOrdersPageQueryVariables> = gql`
  query AdminOrdersPage($filter: OrderFilter, $page: Int!, $pageSize: Int!) {
    adminOrders(filter: $filter, page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      totalPages
      items {
        ...AdminOrderRow
      }
    }
  }
  ${ADMIN_ORDER_ROW}
`;

export const ADMIN_ORDER_DETAIL_QUERY: TypedDocumentNode<G.AdminOrderDetailQuery, G.AdminOrderDetailQueryVariables> = gql`
  query AdminOrderDetail($id: ID!) {
    order(id: $id) {
      ...AdminOrderDetail
    }
  }
  ${ADMIN_ORDER_DETAIL}
`;

/** Every order matching the filter (not only the page on screen), as CSV. */
export const EXPORT_ORDERS_CSV: TypedDocumentNode<G.ExportOrdersCsvQuery, G.ExportOrdersCsvQueryVariables> = gql`
  query ExportOrdersCsv($filter: OrderFilter) {
    exportOrdersCsv(filter: $filter)
  }
`;

export const ADMIN_RECHECK_ORDER: TypedDocumentNode<G.AdminRecheckOrderMutation, G.AdminRecheckOrderMutationVariables> = gql`
  mutation AdminRecheckOrder($orderId: ID!) {
    adminRecheckOrder(orderId: $orderId) {
      ...AdminOrderResult
    }
  }
  ${ADMIN_ORDER_RESULT}
`;

export const ADMIN_GRANT_ORDER: TypedDocumentNode<G.AdminGrantOrderMutation, G.AdminGrantOrderMutationVariables> = gql`
  mutation AdminGrantOrder($input: AdminOrderReasonInput!) {
    adminGrantOrder(input: $input) {
      ...AdminOrderResult
    }
  }
  ${ADMIN_ORDER_RESULT}
`;

export const ADMIN_MARK_REFUNDED: TypedDocumentNode<G.AdminMarkRefundedMutation, G.AdminMarkRefundedMutationVariables> = gql`
  mutation AdminMarkRefunded($input: AdminOrderReasonInput!) {
    adminMarkRefunded(input: $input) {
      ...AdminOrderResult
    }
  }
  ${ADMIN_ORDER_RESULT}
`;

/**
 * A pending order as it changes (the customer approves on their phone, the poller settles it):
 * written to the cache under Order:id, so the open detail follows. Commerce's fields only, as the
 * gateway relays subscriptions to commerce alone.
 */
export const ADMIN_ORDER_UPDATED: TypedDocumentNode<G.AdminOrderUpdatedSubscription, G.AdminOrderUpdatedSubscriptionVariables> = gql`
  subscription AdminOrderUpdated($orderId: ID!) {
    orderUpdated(orderId: $orderId) {
      ...AdminOrderDetail
    }
  }
  ${ADMIN_ORDER_DETAIL}
`;

const HEALTH_FIGURES = gql`
  fragment HealthFigures on PaymentHealth {
    status
    successRate
    medianApprovalSeconds
    p90ApprovalSeconds
    sampleSize
    unknownCount
    pendingCount
  }
`;

/** « Santé des opérateurs »: the degraded rule, and each offered method's health now and hour by hour over 24 hours. */
export const ADMIN_PAYMENT_HEALTH: TypedDocumentNode<G.AdminPaymentHealthQuery, G.AdminPaymentHealthQueryVariables> = gql`
  query AdminPaymentHealth {
    adminPaymentHealth {
      rule {
        windowMinutes
        failingBelowPercent
        minSettled
        slowMedianSeconds
        minApprovals
      }
      methods {
        method
        label
        health {
          ...HealthFigures
        }
        operatorHealth {
          operator
          health {
            ...HealthFigures
          }
        }
        hours {
          hour
          attempts
          completed
          failed
          unknown
          medianApprovalSeconds
        }
      }
    }
  }
  ${HEALTH_FIGURES}
`;

export type PaymentHealthReport = G.AdminPaymentHealthQuery['adminPaymentHealth'];
export type MethodHealthReport = PaymentHealthReport['methods'][number];
export type HealthFigures = G.HealthFiguresFragment;
