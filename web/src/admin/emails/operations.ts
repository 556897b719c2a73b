import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  AdminMailDeliveriesQuery,
  AdminMailDeliveriesQueryVariables,
  AdminMailDeliveryFieldsFragment,
  AdminRetryMailDeliveryMutation,
  AdminRetryMailDeliveryMutationVariables,
} from '@/generated/graphql';
import { USER_ERROR_FIELDS } from '@/lib/user-error';

export type AdminMailDelivery = AdminMailDeliveryFieldsFragment;
export type { MailPurpose, MailStatus } from '@/generated/graphql';

export const DELIVERIES_PAGE_SIZE = 25;

const DELIVERY_FIELDS = gql`
  fragment AdminMailDeliveryFields on MailDelivery {
    id
    purpose
    recipient
    subject
    status
    attempts
    lastError
    createdAt
    sentAt
  }
`;

export const ADMIN_MAIL_DELIVERIES: TypedDocumentNode<AdminMailDeliveriesQuery, AdminMailDeliveriesQueryVariables> = gql`
  query AdminMailDeliveries($status: MailStatus, $purpose: MailPurpose, $search: String, $page: Int!, $pageSize: Int!) {
    adminMailDeliveries(status: $status, purpose: $purpose, search: $search, page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        ...AdminMailDeliveryFields
      }
    }
  }
  ${DELIVERY_FIELDS}
`;

export const ADMIN_RETRY_MAIL_DELIVERY: TypedDocumentNode<AdminRetryMailDeliveryMutation, AdminRetryMailDeliveryMutationVariables> = gql`
  mutation AdminRetryMailDelivery($id: ID!) {
    adminRetryMailDelivery(id: $id) {
      delivery {
        ...AdminMailDeliveryFields
      }
      error {
        ...UserErrorFields
      }
    }
  }
  ${DELIVERY_FIELDS}
  ${USER_ERROR_FIELDS}
`;
