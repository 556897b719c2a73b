import type { EntityManager } from 'typeorm';
import type { MailDeps } from './mail-deps';
import { renderMail, type RenderedMail } from './render';
import { loadSiteIdentity } from './site-settings';
import { campaignMailBlocked, claimDelivery, requeueSending, settleDelivery, suppressBounced, type DeliveryRow } from './store';
import type { TemplateData } from './template-data';
import { isPermanentSmtpError, isRecipientRefused, mailTransport, smtpErrorText } from './transport';

export type DeliveryOutcome = 'sent' | 'failed' | 'suppressed' | 'skipped';

/** A transient failure the job must retry (the row is back to 'queued'). */
export class TransientMailError extends Error {
  constructor(message: string, readonly deliveryId: string) {
    super(message);
    this.name = 'TransientMailError';
  }
}

/** The deterministic Message-ID of a delivery: a resend of the same row carries the same one (receivers fold duplicates). */
export function messageIdOf(deliveryId: string, publicUrl: string): string {
  let host = 'lbf.local';
  try {
    host = new URL(publicUrl).hostname || host;
  } catch {
    // keep the fallback host
  }
  return `<${deliveryId}@${host}>`;
}

async function settle(
  deps: MailDeps,
  row: DeliveryRow,
  outcome: 'sent' | 'failed' | 'suppressed',
  set: { lastError?: string | null; messageId?: string | null },
  more?: (manager: EntityManager) => Promise<void>,
): Promise<void> {
  await deps.uow.run(async ({ manager }) => {
    if (!(await settleDelivery(manager, row.id, outcome, set))) return;
    if (more) await more(manager);
  });
  deps.mailsSettled.inc({ purpose: row.purpose, outcome });
}

/** Subject, body and attachments of a claimed row; null: nothing to send any more; a thrown error: a failure to handle. */
async function render(deps: MailDeps, row: DeliveryRow): Promise<{ rendered: RenderedMail | null; failure?: unknown }> {
  try {
    const site = await loadSiteIdentity(deps);
    return { rendered: await renderMail(deps, row.purpose, row.data, site) };
  } catch (failure) {
    return { rendered: null, failure };
  }
}

/**
 * Sends one delivery row, at most once: claim it (queued -> sending) before talking to SMTP, mark
 * it after. Returns 'skipped' when the row is not queued (another worker has it, or it is done).
 * A permanent refusal (5xx) fails the row and suppresses the address; a transient error puts the
 * row back to 'queued' and throws (the job retries with back-off), or fails it on the last attempt.
 */
export async function deliverMail(deps: MailDeps, deliveryId: string, opts: { finalAttempt: boolean }): Promise<DeliveryOutcome> {
  const row = await claimDelivery(deps.ds.manager, deliveryId);
  if (!row) return 'skipped';

  if (row.purpose === 'newsletter_campaign') {
    const subscriberId = row.subscriber_id ?? (row.data as TemplateData['newsletter_campaign']).subscriberId ?? null;
    if (await campaignMailBlocked(deps.ds.manager, row.recipient, subscriberId)) {
      await settle(deps, row, 'suppressed', { lastError: null });
      return 'suppressed';
    }
  }

  let { rendered, failure } = await render(deps, row);
  if (!failure && !rendered) {
    await settle(deps, row, 'failed', { lastError: 'Rien à envoyer : le contenu de ce message n’existe plus.' });
    return 'failed';
  }

  const messageId = messageIdOf(row.id, deps.config.publicUrl);
  if (!failure && rendered) {
    try {
      const info = await mailTransport(deps.config).sendMail({
        from: deps.config.mailFrom,
        to: row.recipient,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        headers: rendered.headers,
        list: rendered.list,
        attachments: rendered.attachments,
        messageId,
      });
      await settle(deps, row, 'sent', { lastError: null, messageId: info.messageId || messageId });
      return 'sent';
    } catch (err) {
      failure = err;
      rendered = null;
    }
  }
  return settleFailure(deps, row, failure, opts.finalAttempt);
}

/** What a failed render or SMTP exchange does to the row: failed for good (suppressed on a hard bounce), or queued again and thrown. */
async function settleFailure(deps: MailDeps, row: DeliveryRow, failure: unknown, finalAttempt: boolean): Promise<DeliveryOutcome> {
  const error = smtpErrorText(failure);
  if (isPermanentSmtpError(failure) && !isRecipientRefused(failure)) {
    deps.log.warn({ deliveryId: row.id, purpose: row.purpose, err: error }, 'mail refused for good');
    await settle(deps, row, 'failed', { lastError: error });
    return 'failed';
  }
  if (isRecipientRefused(failure)) {
    deps.log.warn({ deliveryId: row.id, purpose: row.purpose, err: error }, 'mail refused for good: address suppressed');
    await settle(deps, row, 'failed', { lastError: error }, (manager) => suppressBounced(manager, row.recipient, error.slice(0, 500)));
    return 'failed';
  }
  if (finalAttempt) {
    deps.log.warn({ deliveryId: row.id, purpose: row.purpose, err: error }, 'mail failed after its last attempt');
    await settle(deps, row, 'failed', { lastError: error });
    return 'failed';
  }
  await requeueSending(deps.ds.manager, row.id, error);
  throw new TransientMailError(error, row.id);
}
