import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { MailPurpose, TemplateData } from '../mail/template-data';
import type { MessagingDeps } from './deps';

/** One logical mail to queue: `dedupeKey` names it among its purpose's mails (an event id, a reset id, a campaign+subscriber). */
export interface QueueMailInput<P extends MailPurpose> {
  purpose: P;
  dedupeKey: string;
  /** Normalised address (domain/email.ts). */
  to: string;
  /** Shown in the back-office's deliveries list; the mail's own subject is rendered at send time from `data`. */
  subject: string;
  data: TemplateData[P];
  campaignId?: string;
  subscriberId?: string;
}

/**
 * Writes the delivery row in the caller's transaction: the mail exists (queued) exactly when the
 * change that causes it commits. A second call with the same (purpose, dedupeKey) changes nothing
 * and returns null; otherwise the new row's id, to hand to `dispatchMail` once committed.
 */
export async function queueMail<P extends MailPurpose>(manager: EntityManager, input: QueueMailInput<P>): Promise<string | null> {
  const id = randomUUID();
  const rows = (await manager.query(
    `INSERT INTO mail_deliveries (id, purpose, dedupe_key, recipient, subject, data, campaign_id, subscriber_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (purpose, dedupe_key) DO NOTHING
     RETURNING id`,
    [id, input.purpose, input.dedupeKey, input.to, input.subject, JSON.stringify(input.data), input.campaignId ?? null, input.subscriberId ?? null],
  )) as Array<{ id: string }>;
  return rows.length ? rows[0].id : null;
}

/** A `send-mail` job's tries: the first, then five retries with exponential back-off. */
export const MAIL_SEND_ATTEMPTS = 6;
/** The first retry's delay by default (then 2x, 4x, ...): 5 s, 10 s, 20 s, 40 s, 80 s. */
export const DEFAULT_MAIL_RETRY_DELAY_MS = 5000;

/** The BullMQ options of a delivery's `send-mail` job (job id `mail-<id>`: no ':' allowed). */
export function sendMailJobOptions(id: string, config?: { mailRetryDelayMs?: number }) {
  return {
    jobId: `mail-${id}`,
    attempts: MAIL_SEND_ATTEMPTS,
    backoff: { type: 'exponential', delay: config?.mailRetryDelayMs ?? DEFAULT_MAIL_RETRY_DELAY_MS },
  };
}

/**
 * After commit: one `send-mail` job per delivery (job id `mail-<id>`, so a second dispatch of the
 * same row is dropped by BullMQ while the first is known). A dispatch lost to a crash is found
 * by the `sweep-mail` job, which re-dispatches queued rows older than a minute.
 */
export async function dispatchMail(deps: Pick<MessagingDeps, 'enqueue'> & { config?: { mailRetryDelayMs?: number } }, ids: Array<string | null>): Promise<void> {
  for (const id of ids) {
    if (id) await deps.enqueue('send-mail', { deliveryId: id }, sendMailJobOptions(id, deps.config));
  }
}
