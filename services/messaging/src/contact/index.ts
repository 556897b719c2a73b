/** What app.ts (and the erasure room) uses of the contact module. */
export { contactModule } from './contact.module';
export { contactMailTemplates } from './mails';
export { contactAlertId } from './alert-rules';
