import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  AdminWebhookRowFragment,
  AdminWebhooksPageQuery,
  AdminWebhooksPageQueryVariables,
  AdminWebhookDeliveriesQuery,
  AdminWebhookDeliveriesQueryVariables,
  CreateWebhookMutation,
  CreateWebhookMutationVariables,
  DeleteWebhookMutation,
  DeleteWebhookMutationVariables,
  RetryWebhookDeliveryMutation,
  RetryWebhookDeliveryMutationVariables,
  SetWebhookActiveMutation,
  SetWebhookActiveMutationVariables,
} from '@/generated/graphql';
import { USER_ERROR_FIELDS } from '@/lib/user-error';

export type AdminWebhook = AdminWebhookRowFragment;
export type AdminWebhookDelivery = AdminWebhookDeliveriesQuery['adminWebhookDeliveries']['items'][number];

const ADMIN_WEBHOOK_ROW = gql`
  fragment AdminWebhookRow on WebhookSubscription {
    id
    url
    events
    status
    pausedReason
    consecutiveFailures
    createdAt
  }
`;

export const ADMIN_WEBHOOKS_PAGE: TypedDocumentNode<AdminWebhooksPageQuery, AdminWebhooksPageQueryVariables> = gql`
  query AdminWebhooksPage {
    adminWebhookSubscriptions {
      ...AdminWebhookRow
    }
  }
  ${ADMIN_WEBHOOK_ROW}
`;

export const ADMIN_WEBHOOK_DELIVERIES: TypedDocumentNode<AdminWebhookDeliveriesQuery, AdminWebhookDeliveriesQueryVariables> = gql`
  query AdminWebhookDeliveries($subscriptionId: ID!) {
    adminWebhookDeliveries(subscriptionId: $subscriptionId, pageSize: 50) {
      total
      items {
        id
        eventType
        status
        attempts
        lastResponseCode
        lastError
        createdAt
        deliveredAt
        log {
          attempt
          at
          durationMs
          succeeded
          responseCode
          error
        }
      }
    }
  }
`;

export const CREATE_WEBHOOK: TypedDocumentNode<CreateWebhookMutation, CreateWebhookMutationVariables> = gql`
  mutation CreateWebhook($input: CreateWebhookSubscriptionInput!) {
    adminCreateWebhookSubscription(input: $input) {
      subscription {
        ...AdminWebhookRow
      }
      secret
      error {
        ...UserErrorFields
      }
    }
  }
  ${ADMIN_WEBHOOK_ROW}
  ${USER_ERROR_FIELDS}
`;

export const SET_WEBHOOK_ACTIVE: TypedDocumentNode<SetWebhookActiveMutation, SetWebhookActiveMutationVariables> = gql`
  mutation SetWebhookActive($id: ID!, $active: Boolean!) {
    adminSetWebhookSubscriptionActive(id: $id, active: $active) {
      subscription {
        ...AdminWebhookRow
      }
      error {
        ...UserErrorFields
      }
    }
  }
  ${ADMIN_WEBHOOK_ROW}
  ${USER_ERROR_FIELDS}
`;

export const DELETE_WEBHOOK: TypedDocumentNode<DeleteWebhookMutation, DeleteWebhookMutationVariables> = gql`
  mutation DeleteWebhook($id: ID!) {
    adminDeleteWebhookSubscription(id: $id) {
      ok
      error {
        ...UserErrorFields
      }
    }
  }
  ${USER_ERROR_FIELDS}
`;

export const RETRY_WEBHOOK_DELIVERY: TypedDocumentNode<RetryWebhookDeliveryMutation, RetryWebhookDeliveryMutationVariables> = gql`
  mutation RetryWebhookDelivery($id: ID!) {
    adminRetryWebhookDelivery(id: $id) {
      delivery {
        id
        status
      }
      error {
        ...UserErrorFields
      }
    }
  }
  ${USER_ERROR_FIELDS}
`;
