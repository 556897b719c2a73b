import type { MAIL_PURPOSES } from './rules';

/**
 * The typed input of every mail template (mail/templates/), by purpose. A delivery row stores its
 * `data` as this JSON; the sender renders subject, HTML and text from it at send time, with the
 * site settings of that moment (name, logo, contact address).
 */
export type MailPurpose = (typeof MAIL_PURPOSES)[number];

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
    /** The promo code the order was charged with (amounts are then after its discount); absent without one. */
    promo?: { code: string; discountXaf: number; discountUsdCents: number } | null;
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
  /** identity.user.deletion_requested: when the account goes, and whether an administrator asked on the person's behalf. */
  account_deletion: { firstName: string; scheduledFor: string; byAdministrator: boolean };
  /** The link to a data export's archive (signed, short-lived: it dies with the archive at expiresAt). */
  data_export: { firstName: string; downloadUrl: string; expiresAt: string; byAdministrator: boolean };
  /** Five days after a purchase: an invitation to review the item (review-reminders/). */
  review_reminder: { firstName: string; itemId: string; itemType: 'video' | 'pdf'; itemTitle: string };
  /** « Payer pour moi » (pay-link-mails/): the requester told that someone paid their link; the item is in their library. */
  pay_link_paid: { firstName: string | null; payerName: string | null; itemType: 'video' | 'pdf'; itemTitle: string; amountXaf: number; receiptNumber: string; completedAt: string };
  /**
   * « Payer pour moi »: the payer's receipt (no account; the address they gave on the link's page).
   * `requesterId` only ties the row to the requester, whose erasure clears it.
   */
  pay_link_receipt: {
    requesterId: string;
    requesterFirstName: string | null;
    payerName: string | null;
    itemTitle: string;
    amountXaf: number;
    receiptNumber: string;
    provider: 'orange' | 'mtn' | 'notchpay' | 'manual';
    completedAt: string;
  };
  /** To the administrators: a webhook subscription kept failing and was paused (webhooks/). */
  webhook_paused: { subscriptionId: string; url: string; failures: number; lastError: string | null };
  /** « Offrir »: a gift's claim link (its token: the link is built with the site's address at send time), the buyer's first name and message. */
  gift_received: { buyerFirstName: string | null; itemType: 'video' | 'pdf'; itemTitle: string; message: string; claimToken: string };
}
