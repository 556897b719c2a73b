/** The gifts room's door (« Offrir »): the dialog's gift details, and what settlement and refunds do to a gift order. */
export { checkGift, giftInput, recordGiftDetails, type GiftDetails } from './details';
export { onGiftPaid, onGiftRefunded } from './issue-link';
