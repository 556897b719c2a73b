import { gql, type TypedDocumentNode } from '@apollo/client';
import type { CreatePayLinkMutation, CreatePayLinkMutationVariables } from '@/generated/graphql';
import { USER_ERROR_FIELDS } from '@/lib/user-error';

/** « Payer pour moi » in the payment dialog (apart from the public page's operations, so that neither chunk carries the other's). */
export const CREATE_PAY_LINK: TypedDocumentNode<CreatePayLinkMutation, CreatePayLinkMutationVariables> = gql`
  mutation CreatePayLink($itemId: ID!, $itemType: ItemType!, $consentHealthData: Boolean) {
    createPayLink(itemId: $itemId, itemType: $itemType, consentHealthData: $consentHealthData) {
      payLink {
        token
        url
        expiresAt
      }
      error {
        ...UserErrorFields
      }
    }
  }
  ${USER_ERROR_FIELDS}
`;
