import type { GraphQLResponse, Loose, TestUser } from '@lbf/service-kit/testing';

export const ORDER_FIELDS = `id itemId itemType itemTitle buyerId buyerEmail status method receiptNumber completedAt
  amount { usdCents xaf }
  attempt { id method status reference providerReference phone operatorTransactionId failureCode failureMessage authorizationUrl hint expiresAt settledAt }
  attempts { id status }`;

export const START_CHECKOUT = `mutation Start($input: StartCheckoutInput!) { startCheckout(input: $input) { order { ${ORDER_FIELDS} } error { code message field } } }`;
export const CHECK_PAYMENT = `mutation Check($orderId: ID!) { checkPayment(orderId: $orderId) { order { ${ORDER_FIELDS} } error { code message } } }`;
export const ORDER = `query Order($id: ID!) { order(id: $id) { ${ORDER_FIELDS} } }`;

type Gql = (query: string, variables?: Record<string, unknown>, user?: TestUser | null) => Promise<GraphQLResponse<Loose>>;

/** The checkout and orders modules' factories: « Payer » as a customer, and an order as an administrator sees it. */
export function checkoutFactories(h: { gql: Gql; newUser(opts?: { admin?: boolean }): TestUser }) {
  return {
    async startCheckout(user: TestUser | null, input: Record<string, unknown>) {
      const res = await h.gql(START_CHECKOUT, { input: { consentImmediateAccess: true, consentHealthData: true, ...input } }, user);
      if (res.errors) throw new Error(JSON.stringify(res.errors));
      return res.data!.startCheckout as { order: Loose | null; error: { code: string; message: string; field: string | null } | null };
    },
    async order(id: string) {
      const res = await h.gql(ORDER, { id }, h.newUser({ admin: true }));
      return res.data!.order as Loose;
    },
  };
}
