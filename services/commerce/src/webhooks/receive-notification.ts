import type { CommerceDeps } from '../deps';
import type { ProviderName } from '../providers';
import { nudgeAttempt, recordExchange } from '../settlement';
import { keptBody, loggableHeaders, namedReferences, parseJson, WEBHOOK_BODY_KEPT, WEBHOOKS_KEPT_PER_ATTEMPT, webhookDedupeKey } from './rules';
import { attemptNamed, logNotification } from './store';

export type WebhookOutcome = 'nudged' | 'duplicate' | 'unknown' | 'invalid-signature' | 'not-configured';

export interface Notification {
  provider: ProviderName;
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
}

/** Kept in the attempt's provider log too (unless the attempt's webhook log is full), then the attempt is nudged. */
async function keepAndNudge(deps: CommerceDeps, n: Notification, attemptId: string, kept: 'stored' | 'full'): Promise<void> {
  if (kept === 'full') deps.log.warn({ provider: n.provider, attemptId }, `more than ${WEBHOOKS_KEPT_PER_ATTEMPT} notifications about one attempt: not kept`);
  else {
    const body = n.rawBody.length <= WEBHOOK_BODY_KEPT ? parseJson(n.rawBody) : null;
    await deps.uow.run(({ manager }) =>
      recordExchange(manager, attemptId, { kind: n.provider === 'notchpay' ? 'webhook' : 'callback', httpStatus: null, body: body ?? keptBody(n.rawBody).slice(0, 4000) }, deps.now()),
    );
  }
  await nudgeAttempt(deps, attemptId);
}

/**
 * A provider notification. Never believed: the client's verifyNotification checks NotchPay's
 * x-notch-signature (MoMo's and Orange's are unsigned, by the providers' design, so anyone can
 * send one), and even an authentic one is only a reason to ask the provider (a job), whose answer
 * goes through `settle`. Kept in the webhook log (headers without secrets) only when it names one
 * of our attempts (a forged NotchPay one too, as evidence), deduplicated (UNIQUE key: NotchPay's
 * event id, else the body's hash), its body cut at WEBHOOK_BODY_KEPT and at most
 * WEBHOOKS_KEPT_PER_ATTEMPT per attempt; one naming nothing of ours is answered and forgotten. The
 * nudges about one attempt coalesce into at most one pending status check (`nudgeAttempt`).
 */
export async function receiveNotification(deps: CommerceDeps, n: Notification): Promise<WebhookOutcome> {
  const { provider, rawBody, headers } = n;
  const client = deps.providers.get(provider);
  if (!client) return 'not-configured';
  const verdict = client.verifyNotification({ provider, rawBody, headers });
  const signatureValid = provider === 'notchpay' ? verdict.valid : null;
  const named = namedReferences(verdict, n.query);
  const attemptId = named.references.length || named.providerReferences.length ? await attemptNamed(deps.ds, provider, named.references, named.providerReferences) : null;
  const outcome: WebhookOutcome = signatureValid === false ? 'invalid-signature' : attemptId ? 'nudged' : 'unknown';
  if (outcome === 'invalid-signature') deps.log.warn({ provider, attemptId }, 'webhook with an invalid signature refused');
  if (!attemptId) {
    if (outcome === 'unknown') deps.log.info({ provider, bytes: rawBody.length }, 'notification naming none of our attempts: not kept');
    return outcome;
  }
  const kept = await logNotification(deps.ds, {
    provider,
    rawBody: keptBody(rawBody),
    headers: loggableHeaders(headers),
    signatureValid,
    dedupeKey: webhookDedupeKey(provider, rawBody, verdict.valid ? verdict : { valid: false }),
    attemptId,
    outcome,
    receivedAt: deps.now(),
  });
  if (outcome === 'invalid-signature') return outcome;
  if (kept === 'duplicate') return 'duplicate';
  await keepAndNudge(deps, n, attemptId, kept);
  return outcome;
}
