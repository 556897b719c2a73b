import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  OfflineLicenceMutation,
  OfflineLicenceMutationVariables,
  RenewOfflineLicenceMutation,
  RenewOfflineLicenceMutationVariables,
} from '@/generated/graphql';

/** A signed-in owner's licence for a new offline copy (the video's key, 14 days). */
export const OFFLINE_LICENCE: TypedDocumentNode<OfflineLicenceMutation, OfflineLicenceMutationVariables> = gql`
  mutation OfflineLicence($videoId: ID!) {
    offlineLicence(videoId: $videoId) {
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
  }
`;

/** 14 more days, without a sign-in; LICENCE_REVOKED after a refund, a ban or the account's deletion. */
export const RENEW_OFFLINE_LICENCE: TypedDocumentNode<RenewOfflineLicenceMutation, RenewOfflineLicenceMutationVariables> = gql`
  mutation RenewOfflineLicence($renewalToken: String!) {
    renewOfflineLicence(renewalToken: $renewalToken) {
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
  }
`;
