/** The mail module's refusals, in French. */
export const MAIL_TEXT = {
  deliveryNotFound: 'Cet envoi est introuvable.',
  onlyFailedRetry: 'Seuls les envois en échec peuvent être renvoyés.',
} as const;

export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'suppressed'] as const;
export const MAIL_PURPOSES = [
  'password_reset',
  'welcome',
  'purchase_receipt',
  'contact_acknowledgement',
  'contact_reply',
  'newsletter_confirmation',
  'newsletter_campaign',
  'newsletter_test',
  'account_deletion',
  'data_export',
  'review_reminder',
  'pay_link_paid',
  'pay_link_receipt',
  'webhook_paused',
  'gift_received',
] as const;
