import { gql, type TypedDocumentNode } from '@apollo/client';
import type { SubscribeNewsletterMutation, SubscribeNewsletterMutationVariables } from '@/generated/graphql';
import { USER_ERROR_FIELDS } from '@/lib/user-error';

// The footer's box needs only this one on every page; the links of the mails have their own
// module (token-operations.ts) so that their documents stay in their pages' chunks.

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
