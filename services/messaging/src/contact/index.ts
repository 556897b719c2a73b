/** What app.ts uses of the contact module. */
export { contactModule } from './contact.module';
export { contactMailTemplates } from './mails';
