import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  MyPayLinksPaidSubscription,
  MyPayLinksPaidSubscriptionVariables,
  PayLinkQuery,
  PayLinkQueryVariables,
  PayPayLinkMutation,
  PayPayLinkMutationVariables,
} from '@/generated/graphql';
import { USER_ERROR_FIELDS } from '@/lib/user-error';

const PAY_LINK_FIELDS = gql`
  fragment PayLinkFields on PayLink {
    itemId
    itemType
    itemTitle
    amount {
      usdCents
      xaf
    }
    requesterFirstName
    status
    expiresAt
    method
    authorizationUrl
    receiptText
    message
  }
`;

export const PAY_LINK: TypedDocumentNode<PayLinkQuery, PayLinkQueryVariables> = gql`
  query PayLink($token: ID!) {
    payLink(token: $token) {
      ...PayLinkFields
    }
  }
  ${PAY_LINK_FIELDS}
`;

export const PAY_PAY_LINK: TypedDocumentNode<PayPayLinkMutation, PayPayLinkMutationVariables> = gql`
  mutation PayPayLink($input: PayPayLinkInput!) {
    payPayLink(input: $input) {
      payLink {
        ...PayLinkFields
      }
      error {
        ...UserErrorFields
      }
    }
  }
  ${PAY_LINK_FIELDS}
  ${USER_ERROR_FIELDS}
`;

/** The requester, signed in: each of their « Payer pour moi » links paid from now on, pushed through the gateway. */
export const MY_PAY_LINKS_PAID: TypedDocumentNode<MyPayLinksPaidSubscription, MyPayLinksPaidSubscriptionVariables> = gql`
  subscription MyPayLinksPaid {
    myPayLinksPaid {
      orderId
      itemId
      itemType
      itemTitle
      amountXaf
      payerName
      paidAt
    }
  }
`;
