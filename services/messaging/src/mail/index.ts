/** What other modules (and app.ts) may use of the mail module. */
export { deliverMail, type DeliveryOutcome } from './deliver';
export { escapeHtml } from './escape';
export { renderLayout, type SiteIdentity } from './layout';
export type { MailDeps, SweptDispatcher } from './mail-deps';
export { mailModule } from './mail.module';
export { dispatchMail, queueMail, type QueueMailInput } from './outbound';
export type { PurposeRenderers, RenderedMail } from './render';
export { welcomeOnSignUp } from './consumers';
export type { TemplateData } from './template-data';
