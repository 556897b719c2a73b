import type { ModuleTemplates } from '../../mail';
import { contactAcknowledgementMail } from './acknowledgement';
import { contactReplyMail } from './reply';

/** The contact module's mails, rendered by the mail module at send time (app.ts plugs them in). */
export const contactMailTemplates = {
  contact_acknowledgement: contactAcknowledgementMail,
  contact_reply: contactReplyMail,
} satisfies Partial<ModuleTemplates>;
