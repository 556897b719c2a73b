import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  AdminPromoCodeRowFragment,
  AdminPromoCodesPageQuery,
  AdminPromoCodesPageQueryVariables,
  CreatePromoCodeMutation,
  CreatePromoCodeMutationVariables,
  SetPromoCodeActiveMutation,
  SetPromoCodeActiveMutationVariables,
  UpdatePromoCodeMutation,
  UpdatePromoCodeMutationVariables,
} from '@/generated/graphql';
import { USER_ERROR_FIELDS } from '@/lib/user-error';

export type AdminPromoCode = AdminPromoCodeRowFragment;

const ADMIN_PROMO_CODE_ROW = gql`
  fragment AdminPromoCodeRow on PromoCode {
    id
    code
    kind
    percent
    amountXaf
    items {
      id
      itemType
      title
    }
    startsAt
    endsAt
    maxUses
    perCustomerMax
    active
    usedCount
    reservedCount
    revenue {
      usdCents
      xaf
    }
    discountTotal {
      usdCents
      xaf
    }
    createdAt
  }
`;

const ADMIN_PROMO_CODE_RESULT = gql`
  fragment AdminPromoCodeResult on PromoCodeResult {
    promoCode {
      ...AdminPromoCodeRow
    }
    error {
      ...UserErrorFields
    }
  }
  ${ADMIN_PROMO_CODE_ROW}
  ${USER_ERROR_FIELDS}
`;

/** « Codes promo »: every code with its uses and revenue, and the items on sale for the form's list. */
export const ADMIN_PROMO_CODES_PAGE: TypedDocumentNode<AdminPromoCodesPageQuery, AdminPromoCodesPageQueryVariables> = gql`
  query AdminPromoCodesPage {
    adminPromoCodes {
      ...AdminPromoCodeRow
    }
    adminPromoItems {
      id
      itemType
      title
    }
  }
  ${ADMIN_PROMO_CODE_ROW}
`;

export const CREATE_PROMO_CODE: TypedDocumentNode<CreatePromoCodeMutation, CreatePromoCodeMutationVariables> = gql`
  mutation CreatePromoCode($input: PromoCodeInput!) {
    adminCreatePromoCode(input: $input) {
      ...AdminPromoCodeResult
    }
  }
  ${ADMIN_PROMO_CODE_RESULT}
`;

export const UPDATE_PROMO_CODE: TypedDocumentNode<UpdatePromoCodeMutation, UpdatePromoCodeMutationVariables> = gql`
  mutation UpdatePromoCode($id: ID!, $input: PromoCodeInput!) {
    adminUpdatePromoCode(id: $id, input: $input) {
      ...AdminPromoCodeResult
    }
  }
  ${ADMIN_PROMO_CODE_RESULT}
`;

export const SET_PROMO_CODE_ACTIVE: TypedDocumentNode<SetPromoCodeActiveMutation, SetPromoCodeActiveMutationVariables> = gql`
  mutation SetPromoCodeActive($id: ID!, $active: Boolean!) {
    adminSetPromoCodeActive(id: $id, active: $active) {
      ...AdminPromoCodeResult
    }
  }
  ${ADMIN_PROMO_CODE_RESULT}
`;
