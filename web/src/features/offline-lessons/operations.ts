import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  OfflineLicenceMutation,
  OfflineLicenceMutationVariables,
  RenewOfflineLicenceMutation,
  RenewOfflineLicenceMutationVariables,
} from '@/generated/graphql';

/** What both licence mutations answer: the licence (its key, its renewal token) or the refusal. */
const OFFLINE_LICENCE_RESULT = gql`
  fragment OfflineLicenceResultFields on OfflineLicenceResult {
    licence {
      id
      renewalToken
      key
      expiresAt
    }
    error {
      code
      message
    }
  }
`;

/** A signed-in owner's licence for a new offline copy (the video's key, 14 days). */
export const OFFLINE_LICENCE: TypedDocumentNode<OfflineLicenceMutation, OfflineLicenceMutationVariables> = gql`
  mutation OfflineLicence($videoId: ID!) {
    offlineLicence(videoId: $videoId) {
      ...OfflineLicenceResultFields
    }
  }
  ${OFFLINE_LICENCE_RESULT}
`;

/** 14 more days, without a sign-in; LICENCE_REVOKED after a refund, a ban or the account's deletion. */
export const RENEW_OFFLINE_LICENCE: TypedDocumentNode<RenewOfflineLicenceMutation, RenewOfflineLicenceMutationVariables> = gql`
  mutation RenewOfflineLicence($renewalToken: String!) {
    renewOfflineLicence(renewalToken: $renewalToken) {
      ...OfflineLicenceResultFields
    }
  }
  ${OFFLINE_LICENCE_RESULT}
`;
