/** The feeds module's door: the price list and the buyers, as other modules read them. */
export { buyerNameOf, buyerOf, priceOf } from './store';
