/** The feeds module's door: the price list and the buyers, as other modules read them. */
export { placeholderEmail } from './rules';
export { buyerEmailOf, buyerNameOf, buyerOf, healthConsentGiven, priceOf } from './store';
