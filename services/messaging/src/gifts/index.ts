/** The gifts room's door: the gift mail's template (app.ts plugs it into the mail module) and the module. */
export { giftReceivedMail } from './gift-mail';
export { giftsModule, GIFT_CONSUMERS } from './gifts.module';
