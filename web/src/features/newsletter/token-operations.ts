import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  ConfirmNewsletterMutation,
  ConfirmNewsletterMutationVariables,
  UnsubscribeNewsletterMutation,
  UnsubscribeNewsletterMutationVariables,
} from '@/generated/graphql';
import { USER_ERROR_FIELDS } from '@/lib/user-error';

/** The mails' links (confirmation and unsubscribe pages), apart from the footer's subscription. */
export const CONFIRM_NEWSLETTER: TypedDocumentNode<ConfirmNewsletterMutation, ConfirmNewsletterMutationVariables> = gql`
  mutation ConfirmNewsletter($token: String!) {
    confirmNewsletter(token: $token) {
      confirmed
      error {
        ...UserErrorFields
      }
    }
  }
  ${USER_ERROR_FIELDS}
`;

export const UNSUBSCRIBE_NEWSLETTER: TypedDocumentNode<UnsubscribeNewsletterMutation, UnsubscribeNewsletterMutationVariables> = gql`
  mutation UnsubscribeNewsletter($token: String!) {
    unsubscribeNewsletter(token: $token) {
      unsubscribed
      error {
        ...UserErrorFields
      }
    }
  }
  ${USER_ERROR_FIELDS}
`;
