import { gql, type TypedDocumentNode } from '@apollo/client';
import type { RefreshSessionMutation, RefreshSessionMutationVariables } from '@/generated/graphql';
import { USER_ERROR_FIELDS } from '@/lib/user-error-fields';

// The session's documents, which every page starts with (data/refresh-session.ts, main.tsx): no
// import here may bring Apollo Client's code, which a page that is only read never loads. The
// other auth documents are in auth/operations.ts; the auth page's own (captcha, password reset)
// in features/account/operations.ts, in that page's chunk.

const SESSION_USER = gql`
  fragment SessionUser on User {
    id
    email
    firstName
    lastName
    fullName
    phone
    isAdmin
    isBanned
    pendingDeletion {
      scheduledFor
      byAdministrator
    }
  }
`;

export const AUTH_RESULT = gql`
  fragment AuthResultFields on AuthResult {
    accessToken
    accessTokenExpiresAt
    user {
      ...SessionUser
    }
    error {
      ...UserErrorFields
    }
  }
  ${SESSION_USER}
  ${USER_ERROR_FIELDS}
`;

export const REFRESH_SESSION: TypedDocumentNode<RefreshSessionMutation, RefreshSessionMutationVariables> = gql`
  mutation RefreshSession {
    refreshSession {
      ...AuthResultFields
    }
  }
  ${AUTH_RESULT}
`;
