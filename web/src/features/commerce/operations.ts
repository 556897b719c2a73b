import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  CancelPaymentMutation,
  CancelPaymentMutationVariables,
  CheckoutSetupQuery,
  CheckoutSetupQueryVariables,
  CheckPaymentMutation,
  CheckPaymentMutationVariables,
  CheckoutOrderFragment,
  CheckoutQuoteQuery,
  CheckoutQuoteQueryVariables,
  OrderPromoFieldsFragment,
  ClaimPaymentMutation,
  ClaimPaymentMutationVariables,
  CustomerDownloadPdfMutation,
  CustomerDownloadPdfMutationVariables,
  ExchangeRateQuery,
  ExchangeRateQueryVariables,
  OrderUpdatedSubscription,
  OrderUpdatedSubscriptionVariables,
  PaymentOrderQuery,
  PaymentOrderQueryVariables,
  ResendPaymentPromptMutation,
  ResendPaymentPromptMutationVariables,
  StartCheckoutMutation,
  StartCheckoutMutationVariables,
} from '@/generated/graphql';
import { USER_ERROR_FIELDS } from '@/lib/user-error';

export type CheckoutOrder = CheckoutOrderFragment;
export type CheckoutAttempt = NonNullable<CheckoutOrder['attempt']>;
export type OrderPromo = OrderPromoFieldsFragment;

/*
 * Every order document selects commerce's fields only: the gateway relays `orderUpdated` to commerce
 * alone, and the query, the mutations and the subscription sharing one fragment keeps the cached
 * Order (normalised by id) whole whichever of them answered last.
 */
/** A promo code on an order or a quote: commerce's figures, in both currencies. */
export const ORDER_PROMO_FIELDS = gql`
  fragment OrderPromoFields on OrderPromo {
    code
    listPrice {
      usdCents
      xaf
    }
    discount {
      usdCents
      xaf
    }
    total {
      usdCents
      xaf
    }
  }
`;

/** An order as every list, receipt and dialog names it: the item, the state, the amount, the date. */
export const ORDER_SUMMARY_FIELDS = gql`
  fragment OrderSummary on Order {
    id
    itemId
    itemType
    itemTitle
    status
    method
    receiptNumber
    amount {
      usdCents
      xaf
    }
    createdAt
  }
`;

/** A payment attempt as the checkout and the back office follow it: the provider's state, the failure, the dates. */
export const PAYMENT_ATTEMPT_FIELDS = gql`
  fragment PaymentAttemptFields on PaymentAttempt {
    id
    method
    status
    reference
    phone
    operatorTransactionId
    failureCode
    failureMessage
    expiresAt
    createdAt
    settledAt
  }
`;

export const CHECKOUT_ORDER_FIELDS = gql`
  fragment CheckoutOrder on Order {
    ...OrderSummary
    promo {
      ...OrderPromoFields
    }
    attempt {
      ...PaymentAttemptFields
      authorizationUrl
      hint
    }
    updatedAt
    completedAt
    gift {
      id
      recipientEmail
      recipientPhone
      status
    }
  }
  ${ORDER_SUMMARY_FIELDS}
  ${PAYMENT_ATTEMPT_FIELDS}
  ${ORDER_PROMO_FIELDS}
`;

/** The price with a typed promo code, computed by commerce (nothing reserved: « Payer » checks it again). */
export const CHECKOUT_QUOTE_QUERY: TypedDocumentNode<CheckoutQuoteQuery, CheckoutQuoteQueryVariables> = gql`
  query CheckoutQuote($itemId: ID!, $itemType: ItemType!, $promoCode: String) {
    checkoutQuote(itemId: $itemId, itemType: $itemType, promoCode: $promoCode) {
      total {
        usdCents
        xaf
      }
      promo {
        ...OrderPromoFields
      }
      error {
        ...UserErrorFields
      }
    }
  }
  ${ORDER_PROMO_FIELDS}
  ${USER_ERROR_FIELDS}
`;

/** What the dialog needs on opening: the methods (sandbox banner, hint, window, operator health), the price, an order to resume. */
export const CHECKOUT_SETUP_QUERY: TypedDocumentNode<CheckoutSetupQuery, CheckoutSetupQueryVariables> = gql`
  query CheckoutSetup($itemId: ID!, $itemType: ItemType!) {
    paymentMethods {
      method
      label
      requiresPhone
      sandbox
      windowSeconds
      hint
      health {
        status
        successRate
        medianApprovalSeconds
        sampleSize
      }
    }
    exchangeRate {
      xafPerUsd
    }
    quote(itemId: $itemId, itemType: $itemType) {
      usdCents
      xaf
    }
    openOrder(itemId: $itemId, itemType: $itemType) {
      ...CheckoutOrder
    }
    me {
      id
      healthDataConsent {
        kind
      }
    }
  }
  ${CHECKOUT_ORDER_FIELDS}
`;

/** The fallback poll while the subscription is down (and the return page's read). */
export const PAYMENT_ORDER_QUERY: TypedDocumentNode<PaymentOrderQuery, PaymentOrderQueryVariables> = gql`
  query PaymentOrder($id: ID!) {
    order(id: $id) {
      ...CheckoutOrder
    }
  }
  ${CHECKOUT_ORDER_FIELDS}
`;

/** What every checkout mutation answers: the order as the dialog shows it, or a refusal. */
const CHECKOUT_RESULT_FIELDS = gql`
  fragment CheckoutResultFields on CheckoutResult {
    order {
      ...CheckoutOrder
    }
    error {
      ...UserErrorFields
    }
  }
  ${CHECKOUT_ORDER_FIELDS}
  ${USER_ERROR_FIELDS}
`;

export const ORDER_UPDATED: TypedDocumentNode<OrderUpdatedSubscription, OrderUpdatedSubscriptionVariables> = gql`
  subscription OrderUpdated($orderId: ID!) {
    orderUpdated(orderId: $orderId) {
      ...CheckoutOrder
    }
  }
  ${CHECKOUT_ORDER_FIELDS}
`;

export const START_CHECKOUT: TypedDocumentNode<StartCheckoutMutation, StartCheckoutMutationVariables> = gql`
  mutation StartCheckout($input: StartCheckoutInput!) {
    startCheckout(input: $input) {
      ...CheckoutResultFields
    }
  }
  ${CHECKOUT_RESULT_FIELDS}
`;

export const CHECK_PAYMENT: TypedDocumentNode<CheckPaymentMutation, CheckPaymentMutationVariables> = gql`
  mutation CheckPayment($orderId: ID!) {
    checkPayment(orderId: $orderId) {
      ...CheckoutResultFields
    }
  }
  ${CHECKOUT_RESULT_FIELDS}
`;

export const RESEND_PAYMENT_PROMPT: TypedDocumentNode<ResendPaymentPromptMutation, ResendPaymentPromptMutationVariables> = gql`
  mutation ResendPaymentPrompt($orderId: ID!) {
    resendPaymentPrompt(orderId: $orderId) {
      ...CheckoutResultFields
    }
  }
  ${CHECKOUT_RESULT_FIELDS}
`;

export const CANCEL_PAYMENT: TypedDocumentNode<CancelPaymentMutation, CancelPaymentMutationVariables> = gql`
  mutation CancelPayment($orderId: ID!) {
    cancelPayment(orderId: $orderId) {
      ...CheckoutResultFields
    }
  }
  ${CHECKOUT_RESULT_FIELDS}
`;

export const CLAIM_PAYMENT: TypedDocumentNode<ClaimPaymentMutation, ClaimPaymentMutationVariables> = gql`
  mutation ClaimPayment($input: PaymentClaimInput!) {
    claimPayment(input: $input) {
      resolved
      message
      order {
        ...CheckoutOrder
      }
      error {
        ...UserErrorFields
      }
    }
  }
  ${CHECKOUT_ORDER_FIELDS}
  ${USER_ERROR_FIELDS}
`;

export const EXCHANGE_RATE_QUERY: TypedDocumentNode<ExchangeRateQuery, ExchangeRateQueryVariables> = gql`
  query ExchangeRate {
    exchangeRate {
      xafPerUsd
    }
  }
`;

/** A guide's signed, short-lived link (the customer's and the back office's downloads), or the refusal. */
export const DOWNLOAD_RESULT_FIELDS = gql`
  fragment DownloadResultFields on DownloadResult {
    url
    expiresAt
    error {
      ...UserErrorFields
    }
  }
  ${USER_ERROR_FIELDS}
`;

/** 'Lire' (inline: true, opens in the browser, not counted) and 'Télécharger' (attachment, counted). */
export const DOWNLOAD_PDF: TypedDocumentNode<CustomerDownloadPdfMutation, CustomerDownloadPdfMutationVariables> = gql`
  mutation CustomerDownloadPdf($id: ID!, $inline: Boolean) {
    downloadPdf(id: $id, inline: $inline) {
      ...DownloadResultFields
    }
  }
  ${DOWNLOAD_RESULT_FIELDS}
`;
