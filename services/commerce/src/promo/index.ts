/**
 * The promo module's door: reserving a code's use for an attempt (checkout), previewing it (the
 * dialog's quote), and the use released when the attempt ends without money or made final when the
 * order is paid (settlement); the order's promo as GraphQL shows it.
 */
export { confirmPromo, previewPromo, releasePromo, reservePromo, type AppliedPromo } from './apply';
export { orderPromoView } from './views';
export { triesKey, withinPromoTries } from './tries';
