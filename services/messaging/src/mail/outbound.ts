import type { EntityManager } from 'typeorm';
import type { MessagingDeps } from '../shared/deps';
import { insertDelivery, type QueueMailInput } from './store';
import type { MailPurpose } from './template-data';

export type { QueueMailInput };

/**
 * Writes the delivery row in the caller's transaction: the mail exists (queued) exactly when the
 * change that causes it commits. A second call with the same (purpose, dedupeKey) changes nothing
 * and returns null; otherwise the new row's id, to hand to `dispatchMail` once committed.
 */
export async function queueMail<P extends MailPurpose>(manager: EntityManager, input: QueueMailInput<P>): Promise<string | null> {
  return insertDelivery(manager, input);
}

/** A `send-mail` job's tries: the first, then five retries with exponential back-off. */
export const MAIL_SEND_ATTEMPTS = 6;

/** The BullMQ options of a delivery's `send-mail` job (job id `mail-<id>`: no ':' allowed). */
export function sendMailJobOptions(id: string, config: { mailRetryDelayMs: number }) {
  return {
    jobId: `mail-${id}`,
    attempts: MAIL_SEND_ATTEMPTS,
    backoff: { type: 'exponential', delay: config.mailRetryDelayMs },
  };
}

/**
 * After commit: one `send-mail` job per delivery (job id `mail-<id>`, so a second dispatch of the
 * same row is dropped by BullMQ while the first is known). A dispatch lost to a crash is found
 * by the `sweep-mail` job, which re-dispatches queued rows older than a minute.
 */
export async function dispatchMail(deps: Pick<MessagingDeps, 'enqueue' | 'config'>, ids: Array<string | null>): Promise<void> {
  for (const id of ids) {
    if (id) await deps.enqueue('send-mail', { deliveryId: id }, sendMailJobOptions(id, deps.config));
  }
}
