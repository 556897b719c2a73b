/** Messaging's BullMQ jobs on the service's queue (the kit's), by name, with their data (mail: send and sweep; newsletter: fan-out). */
export interface MessagingJobs {
  [name: string]: Record<string, unknown>;
  /** Sends one delivery row (claim, SMTP, mark); retried with back-off. */
  'send-mail': { deliveryId: string };
  /** Every minute: re-dispatches queued rows whose job was lost, settles rows stuck in 'sending'. */
  'sweep-mail': Record<string, never>;
  /** Lists a campaign's active subscribers in keyset pages and queues one delivery each. */
  'campaign-fanout': { campaignId: string };
}

export const MESSAGING_JOB_NAMES = ['send-mail', 'sweep-mail', 'campaign-fanout'] as const;
