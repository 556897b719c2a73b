import type { Job } from 'bullmq';
import type { MessagingDeps } from '../shared/deps';
import type { MessagingJobs } from '../shared/jobs';
import { deliverMail } from './deliver';
import type { MailDeps } from './mail-deps';
import { MAIL_SEND_ATTEMPTS, sendMailJobOptions } from './outbound';
import { reclaimExpired, staleQueued } from './store';
import type { MailPurpose } from './template-data';

/** A queued row this old with no job behind it lost its dispatch (a crash between commit and enqueue). */
export const LOST_DISPATCH_AFTER_MS = 60_000;
export const SWEEP_MAIL_SCHEDULE = { id: 'messaging-sweep-mail', every: 60_000 };

/** `send-mail`: one delivery; a transient error throws, so BullMQ retries with back-off; the last try settles the row. */
export function sendMailHandler(deps: MailDeps) {
  return async (job: Job<Record<string, unknown>>) => {
    const { deliveryId } = job.data as MessagingJobs['send-mail'];
    const attempts = job.opts.attempts ?? MAIL_SEND_ATTEMPTS;
    const finalAttempt = job.attemptsMade + 1 >= attempts;
    return deliverMail(deps, deliveryId, { finalAttempt });
  };
}

/**
 * Dispatches rows again: the job id stays `mail-<id>`, so a job still waiting or delayed (a retry
 * in back-off) absorbs the call; a finished job of that id (completed after a 'skipped', or
 * failed) is removed first so the row gets a fresh one.
 */
export async function redispatchMail(deps: MessagingDeps, ids: string[]): Promise<void> {
  for (const id of ids) {
    const opts = sendMailJobOptions(id, deps.config);
    const job = (await deps.enqueue('send-mail', { deliveryId: id }, opts)) as Job | undefined;
    const state = job && typeof job.getState === 'function' ? await job.getState() : 'unknown';
    if (state === 'completed' || state === 'failed') {
      await job!.remove();
      await deps.enqueue('send-mail', { deliveryId: id }, opts);
    }
  }
}

/**
 * `sweep-mail`, every minute. (1) Queued rows untouched for a minute: their dispatch may have been
 * lost between the commit and the enqueue; dispatching again is harmless (same job id, and the
 * claim sends a row once). (2) Rows 'sending' past their lease: the worker died mid-send. The
 * transport's timeouts end every SMTP exchange well within the lease, so past it no exchange of
 * that claim can still be running: the row goes back to 'queued' and is sent again. The only
 * duplicate left is a worker killed in the instant between the server's 250 and our UPDATE to
 * 'sent'; the resend then carries the same Message-ID (<delivery-id@host>), which receivers fold.
 * Rows of a purpose sent its own way (campaign mails) go back through its dispatcher.
 */
export async function sweepMail(deps: MailDeps): Promise<{ redispatched: number; reclaimed: number }> {
  const reclaimed = await reclaimExpired(deps.ds.manager, deps.config.mailSendLeaseMs);
  const lost = await staleQueued(deps.ds.manager, LOST_DISPATCH_AFTER_MS);
  const byPurpose = new Map<MailPurpose, Set<string>>();
  for (const r of [...reclaimed, ...lost]) {
    if (!byPurpose.has(r.purpose)) byPurpose.set(r.purpose, new Set());
    byPurpose.get(r.purpose)!.add(r.id);
  }
  let count = 0;
  for (const [purpose, set] of byPurpose) {
    const ids = [...set];
    count += ids.length;
    await (deps.sweptDispatchers[purpose] ?? redispatchMail)(deps, ids);
  }
  if (count) deps.log.info({ reclaimed: reclaimed.length, redispatched: count }, 'mail sweep');
  return { redispatched: count, reclaimed: reclaimed.length };
}
