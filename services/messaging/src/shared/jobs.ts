/** Messaging's BullMQ jobs on the service's queue (the kit's), by name, with their data (mail: send and sweep; newsletter: fan-out). */
export interface MessagingJobs {
  [name: string]: Record<string, unknown>;
  /** Sends one delivery row (claim, SMTP, mark); retried with back-off. */
  'send-mail': { deliveryId: string };
  /** Every minute: re-dispatches queued rows whose job was lost, settles rows stuck in 'sending'. */
  'sweep-mail': Record<string, never>;
  /** Lists a campaign's active subscribers in keyset pages and queues one delivery each. */
  'campaign-fanout': { campaignId: string };
  /** Once a day: erases what the privacy page keeps no longer (retention/). */
  'purge-retention': Record<string, never>;
  /** Every 15 minutes: data export archives past their time deleted, exports stuck for an hour ended as failed (export/). */
  'purge-exports': Record<string, never>;
  /** Every few minutes: mails the review reminders that fell due (review-reminders/). */
  'remind-reviews': Record<string, never>;
  /** One try of one webhook delivery (webhooks/); job id `webhook-<delivery id>`, retried with back-off. */
  'deliver-webhook': { deliveryId: string };
  /** Every minute: pending webhook deliveries whose job was lost dispatched again (webhooks/). */
  'sweep-webhooks': Record<string, never>;
}

export const MESSAGING_JOB_NAMES = ['send-mail', 'sweep-mail', 'campaign-fanout', 'purge-retention', 'purge-exports', 'remind-reviews', 'deliver-webhook', 'sweep-webhooks'] as const;
