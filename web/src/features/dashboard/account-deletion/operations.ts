import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  AccountDeletionQuery,
  AccountDeletionQueryVariables,
  CancelAccountDeletionMutation,
  CancelAccountDeletionMutationVariables,
  RequestAccountDeletionMutation,
  RequestAccountDeletionMutationVariables,
} from '@/generated/graphql';
import { USER_ERROR_FIELDS } from '@/lib/user-error';

/** The signed-in user's pending deletion (identity), null when none is pending. */
export const ACCOUNT_DELETION: TypedDocumentNode<AccountDeletionQuery, AccountDeletionQueryVariables> = gql`
  query AccountDeletion {
    me {
      id
      pendingDeletion {
        requestedAt
        scheduledFor
        byAdministrator
      }
    }
  }
`;

/** « Supprimer mon compte »: the password re-entered; the answer's user carries the pending deletion (its date). */
export const REQUEST_ACCOUNT_DELETION: TypedDocumentNode<RequestAccountDeletionMutation, RequestAccountDeletionMutationVariables> = gql`
  mutation RequestAccountDeletion($password: String!) {
    requestAccountDeletion(password: $password) {
      user {
        id
        pendingDeletion {
          requestedAt
          scheduledFor
          byAdministrator
        }
      }
      error {
        ...UserErrorFields
      }
    }
  }
  ${USER_ERROR_FIELDS}
`;

/** « Annuler la suppression ». */
export const CANCEL_ACCOUNT_DELETION: TypedDocumentNode<CancelAccountDeletionMutation, CancelAccountDeletionMutationVariables> = gql`
  mutation CancelAccountDeletion {
    cancelAccountDeletion {
      user {
        id
        pendingDeletion {
          requestedAt
          scheduledFor
          byAdministrator
        }
      }
      error {
        ...UserErrorFields
      }
    }
  }
  ${USER_ERROR_FIELDS}
`;
