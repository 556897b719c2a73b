/** What app.ts uses of the newsletter module: the module, and what it plugs into the mail module. */
export { dispatchSweptCampaignRows } from './fanout';
export { newsletterRenderers } from './mails';
export { newsletterModule } from './newsletter.module';
export { newsletterConfirmationMail } from './confirmation-mail';
