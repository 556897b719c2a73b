import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ClaimGiftMutation, ClaimGiftMutationVariables, GiftLinkQuery, GiftLinkQueryVariables, MyGiftsQuery, ResendGiftMutation, ResendGiftMutationVariables } from '@/generated/graphql';
import { USER_ERROR_FIELDS } from '@/lib/user-error';

const GIFT_LINK_FIELDS = gql`
  fragment GiftLinkFields on GiftLink {
    itemId
    itemType
    itemTitle
    buyerFirstName
    message
    status
    claimedByMe
  }
`;

const MY_GIFT_FIELDS = gql`
  fragment MyGiftFields on Gift {
    id
    orderId
    itemId
    itemType
    itemTitle
    recipientEmail
    recipientPhone
    message
    status
    claimedAt
    linkIssuedAt
  }
`;

export const GIFT_LINK: TypedDocumentNode<GiftLinkQuery, GiftLinkQueryVariables> = gql`
  query GiftLink($token: ID!) {
    giftLink(token: $token) {
      ...GiftLinkFields
    }
  }
  ${GIFT_LINK_FIELDS}
`;

export const CLAIM_GIFT: TypedDocumentNode<ClaimGiftMutation, ClaimGiftMutationVariables> = gql`
  mutation ClaimGift($token: ID!) {
    claimGift(token: $token) {
      gift {
        ...GiftLinkFields
      }
      error {
        ...UserErrorFields
      }
    }
  }
  ${GIFT_LINK_FIELDS}
  ${USER_ERROR_FIELDS}
`;

export const MY_GIFTS: TypedDocumentNode<MyGiftsQuery> = gql`
  query MyGifts {
    myGifts {
      ...MyGiftFields
    }
  }
  ${MY_GIFT_FIELDS}
`;

export const RESEND_GIFT: TypedDocumentNode<ResendGiftMutation, ResendGiftMutationVariables> = gql`
  mutation ResendGift($giftId: ID!) {
    resendGift(giftId: $giftId) {
      gift {
        ...MyGiftFields
      }
      url
      error {
        ...UserErrorFields
      }
    }
  }
  ${MY_GIFT_FIELDS}
  ${USER_ERROR_FIELDS}
`;
