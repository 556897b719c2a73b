import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  AdminApiKeyRowFragment,
  AdminApiKeysPageQuery,
  AdminApiKeysPageQueryVariables,
  CreateApiKeyMutation,
  CreateApiKeyMutationVariables,
  RevokeApiKeyMutation,
  RevokeApiKeyMutationVariables,
} from '@/generated/graphql';
import { USER_ERROR_FIELDS } from '@/lib/user-error';

export type AdminApiKey = AdminApiKeyRowFragment;

const ADMIN_API_KEY_ROW = gql`
  fragment AdminApiKeyRow on ApiKey {
    id
    name
    prefix
    scopes
    costPerMinute
    expiresAt
    createdAt
    revokedAt
    lastUsedAt
    status
  }
`;

/** « API »: every key, and the scopes a key may hold (with their labels). */
export const ADMIN_API_KEYS_PAGE: TypedDocumentNode<AdminApiKeysPageQuery, AdminApiKeysPageQueryVariables> = gql`
  query AdminApiKeysPage {
    adminApiKeys {
      ...AdminApiKeyRow
    }
    adminApiScopes {
      scope
      label
    }
  }
  ${ADMIN_API_KEY_ROW}
`;

export const CREATE_API_KEY: TypedDocumentNode<CreateApiKeyMutation, CreateApiKeyMutationVariables> = gql`
  mutation CreateApiKey($input: CreateApiKeyInput!) {
    adminCreateApiKey(input: $input) {
      apiKey {
        ...AdminApiKeyRow
      }
      secret
      error {
        ...UserErrorFields
      }
    }
  }
  ${ADMIN_API_KEY_ROW}
  ${USER_ERROR_FIELDS}
`;

export const REVOKE_API_KEY: TypedDocumentNode<RevokeApiKeyMutation, RevokeApiKeyMutationVariables> = gql`
  mutation RevokeApiKey($input: RevokeApiKeyInput!) {
    adminRevokeApiKey(input: $input) {
      apiKey {
        ...AdminApiKeyRow
      }
      error {
        ...UserErrorFields
      }
    }
  }
  ${ADMIN_API_KEY_ROW}
  ${USER_ERROR_FIELDS}
`;
