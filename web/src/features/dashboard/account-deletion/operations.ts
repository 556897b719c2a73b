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
const PENDING_DELETION = gql`
  fragment PendingDeletion on User {
    id
    pendingDeletion {
      requestedAt
      scheduledFor
      byAdministrator
    }
  }
`;

/** What both mutations answer: the user with the deletion as it now stands, or the refusal. */
const ACCOUNT_DELETION_RESULT = gql`
  fragment AccountDeletionResultFields on AccountDeletionResult {
    user {
      ...PendingDeletion
    }
    error {
      ...UserErrorFields
    }
  }
  ${PENDING_DELETION}
  ${USER_ERROR_FIELDS}
`;

/** The signed-in user's pending deletion. */
export const ACCOUNT_DELETION: TypedDocumentNode<AccountDeletionQuery, AccountDeletionQueryVariables> = gql`
  query AccountDeletion {
    me {
      ...PendingDeletion
    }
  }
  ${PENDING_DELETION}
`;

/** « Supprimer mon compte »: the password re-entered; the answer's user carries the pending deletion (its date). */
export const REQUEST_ACCOUNT_DELETION: TypedDocumentNode<RequestAccountDeletionMutation, RequestAccountDeletionMutationVariables> = gql`
  mutation RequestAccountDeletion($password: String!) {
    requestAccountDeletion(password: $password) {
      ...AccountDeletionResultFields
    }
  }
  ${ACCOUNT_DELETION_RESULT}
`;

/** « Annuler la suppression ». */
export const CANCEL_ACCOUNT_DELETION: TypedDocumentNode<CancelAccountDeletionMutation, CancelAccountDeletionMutationVariables> = gql`
  mutation CancelAccountDeletion {
    cancelAccountDeletion {
      ...AccountDeletionResultFields
    }
  }
  ${ACCOUNT_DELETION_RESULT}
`;
