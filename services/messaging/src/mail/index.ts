/** What other modules (and app.ts) may use of the mail module: queueing mails, and the parts their own templates are made of. */
export { welcomeOnSignUp } from './consumers';
export { deliverMail, type DeliveryOutcome } from './deliver';
export { escapeHtml, quoteText, textToHtml } from './escape';
export { formatDateTimeFr, formatXaf, PAYMENT_METHOD_LABELS } from './format';
export { renderLayout, type SiteIdentity } from './layout';
export type { MailDeps, SweptDispatcher } from './mail-deps';
export { mailModule } from './mail.module';
export { dispatchMail, queueMail, type QueueMailInput } from './outbound';
export { lockAddress } from './store';
export { receiptAttachment, renderContent, type ModuleTemplates, type PurposeRenderers, type RenderedMail } from './render';
export type { TemplateData } from './template-data';
export { button, greeting, paragraph, quoteBlock, type MailContent } from './templates/parts';
export { loadSiteIdentity } from './site-settings';
