import { afterCommit, type Tx } from '@lbf/service-kit';
import type { Job } from 'bullmq';
import { dispatchMail, loadSiteIdentity, queueMail } from '../mail';
import type { MessagingDeps } from '../shared/deps';
import { findUser } from '../users';
import { normaliseEmail } from '../shared/email';
import type { MessagingJobs } from '../shared/jobs';
import { replacedSecretSigns, shouldPause, signatureHeader } from './rules';
import { secretBox } from './secrets';
import { postWebhook } from './send';
import { countOutcome, findDelivery, findSubscription, recordAttempt, setSubscriptionStatus, settleDelivery, type DeliveryRow, type SubscriptionRow } from './store';

export type WebhookOutcome = 'succeeded' | 'failed' | 'skipped' | 'paused';

/** A failed try the job retries (BullMQ's back-off). */
export class WebhookAttemptFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookAttemptFailed';
  }
}

/** The key that seals the subscriptions' secrets (config), one box per process. */
export function secretsOf(config: MessagingDeps['config']) {
  return secretBox(config.webhooks.secretKey);
}

/** `deliver-webhook`: one try of one delivery; a failure throws (retried) until the last attempt, which settles it failed. */
export function deliverWebhookHandler(deps: MessagingDeps) {
  const box = secretsOf(deps.config);
  return async (job: Job<Record<string, unknown>>) => {
    const { deliveryId } = job.data as MessagingJobs['deliver-webhook'];
    const finalAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? deps.config.webhooks.attempts);
    return deliverWebhook(deps, box, deliveryId, { finalAttempt });
  };
}

/**
 * One try: POST the stored body, signed now, to the subscription's URL; log the attempt; settle the
 * delivery when it succeeded or was the last try. A paused or deleted subscription sends nothing
 * (the delivery stays pending and goes when the subscription is resumed).
 */
export async function deliverWebhook(deps: MessagingDeps, box: ReturnType<typeof secretsOf>, id: string, opts: { finalAttempt: boolean }): Promise<WebhookOutcome> {
  const delivery = await findDelivery(deps.ds.manager, id);
  if (!delivery || delivery.status !== 'pending') return 'skipped';
  const subscription = await findSubscription(deps.ds.manager, delivery.subscription_id);
  if (!subscription || subscription.status !== 'active') return 'paused';
  const now = deps.now();
  const timestamp = Math.floor(now.getTime() / 1000);
  const headers = {
    'X-LBF-Webhook-Id': delivery.id,
    'X-LBF-Webhook-Timestamp': String(timestamp),
    'X-LBF-Webhook-Signature': signatureHeader(signingSecrets(box, subscription, now), timestamp, delivery.body),
  };
  const startedAt = new Date();
  const t0 = performance.now();
  const { webhooks } = deps.config;
  const outcome = await postWebhook(subscription.url, delivery.body, headers, { timeoutMs: webhooks.timeoutMs, allowPrivate: webhooks.allowPrivateTargets, trustedCa: webhooks.trustedCa });
  const succeeded = outcome.error === null;
  await deps.uow.run(async (tx) => {
    await recordAttempt(tx.manager, { delivery_id: id, started_at: startedAt, duration_ms: Math.round(performance.now() - t0), succeeded, response_code: outcome.status, error: outcome.error });
    if (succeeded || opts.finalAttempt) await settle(deps, tx, delivery, succeeded ? 'succeeded' : 'failed', outcome.error);
  });
  if (!succeeded && !opts.finalAttempt) throw new WebhookAttemptFailed(`webhook ${id}: ${outcome.error}`);
  return succeeded ? 'succeeded' : 'failed';
}

/** The secrets that sign now: the current one, and the one it replaced until its overlap ends. */
function signingSecrets(box: ReturnType<typeof secretsOf>, s: SubscriptionRow, now: Date): string[] {
  const current = box.open(s.secret_ciphertext);
  const previous = s.previous_secret_ciphertext;
  return previous && replacedSecretSigns(s.previous_secret_expires_at, now) ? [current, box.open(previous)] : [current];
}

async function settle(deps: MessagingDeps, tx: Tx, delivery: DeliveryRow, status: 'succeeded' | 'failed', lastError: string | null): Promise<void> {
  if (!(await settleDelivery(tx.manager, delivery.id, status))) return;
  const subscription = await countOutcome(tx.manager, delivery.subscription_id, status === 'succeeded');
  if (subscription && status === 'failed' && subscription.status === 'active' && shouldPause(subscription.consecutive_failures, deps.config.webhooks.pauseAfterFailures)) {
    await pauseForFailures(deps, tx, subscription, delivery.id, lastError);
  }
}

/** Paused after N failed deliveries in a row; the administrator who created it (their token's address, else messaging's read model's, else the site's contact address) is told by mail. */
async function pauseForFailures(deps: MessagingDeps, tx: Tx, subscription: SubscriptionRow, deliveryId: string, lastError: string | null): Promise<void> {
  const reason = `${subscription.consecutive_failures} livraisons en échec d’affilée`;
  await setSubscriptionStatus(tx.manager, subscription.id, 'paused', reason);
  deps.log.warn({ subscriptionId: subscription.id, failures: subscription.consecutive_failures }, 'webhook subscription paused after failed deliveries');
  const to = subscription.alert_email ?? (await findUser(tx.manager, subscription.created_by))?.email ?? (await loadSiteIdentity(deps, tx.manager)).contactEmail;
  if (!to) return deps.log.warn({ subscriptionId: subscription.id }, 'webhook paused: no administrator address to tell');
  const mailId = await queueMail(tx.manager, {
    purpose: 'webhook_paused',
    dedupeKey: deliveryId,
    to: normaliseEmail(to),
    subject: 'Webhook mis en pause',
    data: { subscriptionId: subscription.id, url: subscription.url, failures: subscription.consecutive_failures, lastError },
  });
  if (mailId) await afterCommit(tx.manager, () => dispatchMail(deps, [mailId]));
}
