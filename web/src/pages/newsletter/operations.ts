import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  ConfirmNewsletterMutation,
  ConfirmNewsletterMutationVariables,
  SubscribeNewsletterMutation,
  SubscribeNewsletterMutationVariables,
  UnsubscribeNewsletterMutation,
  UnsubscribeNewsletterMutationVariables,
} from '@/generated/graphql';
import { USER_ERROR_FIELDS } from '@/lib/user-error';

export const SUBSCRIBE_NEWSLETTER: TypedDocumentNode<SubscribeNewsletterMutation, SubscribeNewsletterMutationVariables> = gql`
  mutation SubscribeNewsletter($email: String!, $source: NewsletterSource!) {
    subscribeNewsletter(email: $email, source: $source) {
      ok
      error {
        ...UserErrorFields
      }
    }
  }
  ${USER_ERROR_FIELDS}
`;

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
