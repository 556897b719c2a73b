/** What app.ts (and the erasure room) uses of the « Payer pour moi » mails. */
export { payLinkMailsModule, PAY_LINK_MAIL_CONSUMERS } from './pay-link-mails.module';
export { payLinkPaidMail, payLinkReceiptMail } from './templates';
export { forgetRequesterInReceipts } from './store';
