import { renderLayout, type SiteIdentity } from './layout';
import { receiptDocument } from './receipt-document';
import type { MailPurpose, TemplateData } from './template-data';
import type { MailContent } from './templates/parts';
import { accountDeletionMail } from './templates/account-deletion';
import { passwordResetMail } from './templates/password-reset';
import { purchaseReceiptMail } from './templates/purchase-receipt';
import { welcomeMail } from './templates/welcome';

export interface ListUnsubscribe {
  url: string;
  comment?: string;
}

/** A mail ready for nodemailer (From, To and Message-ID are the sender's). */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  /** nodemailer's `list` option (List-Unsubscribe and friends). */
  list?: { unsubscribe: ListUnsubscribe | ListUnsubscribe[] };
  /** Files sent with the mail (the receipt's PDF). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * pdf-lib and its fontkit are a fifth of messaging's module loading, which is most of a restart
 * (`npm run bench`, part recovery): required with the first receipt, not at boot.
 */
function receiptPdf(): typeof import('./receipt-pdf').receiptPdf {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('./receipt-pdf') as typeof import('./receipt-pdf')).receiptPdf;
}

/** What a purpose attaches, made at send time like its body (with the site as it is then). */
const ATTACHMENTS: { [P in Transactional]?: (data: TemplateData[P], site: SiteIdentity) => Promise<MailAttachment[]> } = {
  purchase_receipt: async (data, site) => [await receiptAttachment(data, site)],
};

/** A receipt as a PDF file (the receipt mail's attachment, and the data export's copies). */
export async function receiptAttachment(data: TemplateData['purchase_receipt'], site: SiteIdentity): Promise<MailAttachment> {
  return {
    filename: `recu-${data.receiptNumber}.pdf`,
    contentType: 'application/pdf',
    content: await receiptPdf()(receiptDocument(data, site), { author: site.siteName, createdAt: new Date(data.completedAt) }),
  };
}

type Transactional = Exclude<MailPurpose, 'newsletter_campaign' | 'newsletter_test'>;

/** The transactional mails this module sends itself (its consumers queue them). */
const OWN_TEMPLATES = {
  password_reset: passwordResetMail,
  welcome: welcomeMail,
  purchase_receipt: purchaseReceiptMail,
  account_deletion: accountDeletionMail,
};

type Templates = { [P in Transactional]: (data: TemplateData[P], site: SiteIdentity) => MailContent };

/** Transactional templates of the other modules (contact's, the newsletter's confirmation), plugged in by app.ts. */
export type ModuleTemplates = Omit<Templates, keyof typeof OWN_TEMPLATES>;

/** A template's content inside the site's layout. */
export function renderContent(content: MailContent, site: SiteIdentity): RenderedMail {
  const { html, text } = renderLayout(site, content);
  return { subject: content.subject, html, text };
}

/** The purposes another module renders (the newsletter's), plugged in by app.ts. */
export type PurposeRenderers = {
  [P in Exclude<MailPurpose, Transactional>]: (purpose: P, data: TemplateData[P], site: SiteIdentity) => Promise<RenderedMail | null>;
};

/**
 * Subject, HTML and text of one delivery, from its purpose's typed data and the site as it is
 * now. Null: nothing to send any more (e.g. a campaign that no longer exists).
 */
export async function renderMail<P extends MailPurpose>(
  plugged: { renderers: PurposeRenderers; templates: ModuleTemplates },
  purpose: P,
  data: TemplateData[P],
  site: SiteIdentity,
): Promise<RenderedMail | null> {
  if (purpose === 'newsletter_campaign' || purpose === 'newsletter_test') {
    const render = plugged.renderers[purpose as 'newsletter_campaign'] as (p: P, d: TemplateData[P], s: SiteIdentity) => Promise<RenderedMail | null>;
    return render(purpose, data, site);
  }
  const templates: Templates = { ...OWN_TEMPLATES, ...plugged.templates };
  const template = templates[purpose as Transactional] as (d: TemplateData[P], s: SiteIdentity) => MailContent;
  if (!template) throw new Error(`no template for mail purpose ${purpose}`);
  const rendered = renderContent(template(data, site), site);
  const attach = ATTACHMENTS[purpose as Transactional] as ((d: TemplateData[P], s: SiteIdentity) => Promise<MailAttachment[]>) | undefined;
  return attach ? { ...rendered, attachments: await attach(data, site) } : rendered;
}
