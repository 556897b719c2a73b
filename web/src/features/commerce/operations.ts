import type { CheckoutOrderFragment, OrderPromoFieldsFragment } from '@/generated/graphql';

export type CheckoutOrder = CheckoutOrderFragment;
export type CheckoutAttempt = NonNullable<CheckoutOrder['attempt']>;
export type OrderPromo = OrderPromoFieldsFragment;

/*
 * Every order document selects commerce's fields only: the gateway relays `orderUpdated` to commerce
 * alone, and the query, the mutations and the subscription sharing one fragment keeps the cached
 * Order (normalised by id) whole whichever of them answered last.
 */

