/** What the payment dialog loads for « Offrir » (one chunk, fetched when the dialog shows its form). */
export { GiftFields } from './gift-fields';
export { GiftPaid } from './gift-paid';
