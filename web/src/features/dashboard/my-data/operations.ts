import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  MyDataCountsQuery,
  MyDataCountsQueryVariables,
  MyDataQuery,
  MyDataQueryVariables,
  RevokeOtherSessionsMutation,
  RevokeOtherSessionsMutationVariables,
  RevokeSessionMutation,
  RevokeSessionMutationVariables,
  SetHealthDataConsentMutation,
  SetHealthDataConsentMutationVariables,
} from '@/generated/graphql';
import { USER_ERROR_FIELDS } from '@/lib/user-error';

export type MyData = NonNullable<MyDataQuery['me']>;
export type MyConsent = NonNullable<MyData['consents']>[number];
export type MySession = NonNullable<MyData['sessions']>[number];

const MY_CONSENTS = gql`
  fragment MyConsents on User {
    id
    consents {
      kind
      version
      givenAt
      withdrawnAt
      source
    }
    healthDataConsent {
      kind
      givenAt
    }
  }
`;

const MY_SESSIONS = gql`
  fragment MySessions on User {
    id
    sessions {
      id
      browser
      os
      deviceType
      ip
      signedInAt
      lastUsedAt
      current
    }
  }
`;

/**
 * What identity holds about the person (profile, consents, sessions), readable by them only. The
 * counts of other services are a query of their own: if one is down, this still shows.
 */
export const MY_DATA_QUERY: TypedDocumentNode<MyDataQuery, MyDataQueryVariables> = gql`
  query MyData {
    me {
      id
      firstName
      lastName
      email
      phone
      createdAt
      ...MyConsents
      ...MySessions
    }
  }
  ${MY_CONSENTS}
  ${MY_SESSIONS}
`;

/** The counts already on User through federation (commerce's orders, messaging's inbox). */
export const MY_DATA_COUNTS_QUERY: TypedDocumentNode<MyDataCountsQuery, MyDataCountsQueryVariables> = gql`
  query MyDataCounts {
    me {
      id
      purchaseCount
      unreadMessageCount
    }
  }
`;

export const SET_HEALTH_DATA_CONSENT: TypedDocumentNode<SetHealthDataConsentMutation, SetHealthDataConsentMutationVariables> = gql`
  mutation SetHealthDataConsent($input: SetHealthDataConsentInput!) {
    setHealthDataConsent(input: $input) {
      changed
      user {
        ...MyConsents
      }
      error {
        ...UserErrorFields
      }
    }
  }
  ${MY_CONSENTS}
  ${USER_ERROR_FIELDS}
`;

/** What both revocations answer: how many sessions ended and the sessions left, or the refusal. */
const REVOKE_SESSIONS_RESULT = gql`
  fragment RevokeSessionsResultFields on RevokeSessionsResult {
    revoked
    user {
      ...MySessions
    }
    error {
      ...UserErrorFields
    }
  }
  ${MY_SESSIONS}
  ${USER_ERROR_FIELDS}
`;

export const REVOKE_SESSION: TypedDocumentNode<RevokeSessionMutation, RevokeSessionMutationVariables> = gql`
  mutation RevokeSession($id: ID!) {
    revokeSession(id: $id) {
      ...RevokeSessionsResultFields
    }
  }
  ${REVOKE_SESSIONS_RESULT}
`;

export const REVOKE_OTHER_SESSIONS: TypedDocumentNode<RevokeOtherSessionsMutation, RevokeOtherSessionsMutationVariables> = gql`
  mutation RevokeOtherSessions {
    revokeOtherSessions {
      ...RevokeSessionsResultFields
    }
  }
  ${REVOKE_SESSIONS_RESULT}
`;
