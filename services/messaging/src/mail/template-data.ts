/**
 * The typed input of every mail template (mail/templates/), by purpose. A delivery row stores its
 * `data` as this JSON; the sender renders subject, HTML and text from it at send time, with the
 * site settings of that moment (name, logo, contact address).
 */
export type MailPurpose =
  | 'password_reset'
  | 'welcome'
  | 'purchase_receipt'
  | 'contact_acknowledgement'
  | 'contact_reply'
  | 'newsletter_confirmation'
  | 'newsletter_campaign'
  | 'newsletter_test';

export interface TemplateData {
  password_reset: { firstName: string; resetUrl: string; expiresAt: string };
  welcome: { firstName: string };
  purchase_receipt: {
    firstName: string | null;
    /** The buyer as the receipt names them ('Prénom Nom'); absent in rows queued before receipts named them. */
    buyerName?: string | null;
    buyerEmail?: string;
    receiptNumber: string;
    orderId: string;
    itemTitle: string;
    itemType: 'video' | 'pdf';
    amountXaf: number;
    amountUsdCents: number;
    provider: 'orange' | 'mtn' | 'notchpay' | 'manual';
    operatorTransactionId: string | null;
    completedAt: string;
  };
  contact_acknowledgement: { name: string; subjectLabel: string; message: string };
  contact_reply: { name: string; body: string; subjectLabel: string; originalMessage: string; originalReceivedAt: string };
  newsletter_confirmation: { confirmUrl: string };
  /** Rendered from the campaign row and the subscriber at send time (links tracked, unsubscribe signed). */
  newsletter_campaign: { campaignId: string; subscriberId: string };
  newsletter_test: { subject: string; contentHtml: string };
}
