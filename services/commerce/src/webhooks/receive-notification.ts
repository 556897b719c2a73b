import express, { type Express, type Request, type Response } from 'express';
import { randomUUID } from 'node:crypto';
import { loggableHeaders, webhookDedupeKey } from '../domain/webhook';
import type { ProviderName } from '../providers/port';
import { nudgeAttempt } from './attempts';
import type { CommerceDeps } from './deps';
import { recordExchange } from './settle';

export const NOTIFY_PATH = '/payments/notify';
const PROVIDERS: readonly ProviderName[] = ['notchpay', 'mtn', 'orange'];

export type WebhookOutcome = 'nudged' | 'duplicate' | 'unknown' | 'invalid-signature' | 'not-configured';

/** The bytes of a notification body kept in the log (a provider's is well under 2 KiB; the rest of a larger one is cut). */
export const WEBHOOK_BODY_KEPT = 8 * 1024;
/** Notifications kept per attempt; past that, more about the same attempt are counted in the log only. */
export const WEBHOOKS_KEPT_PER_ATTEMPT = 20;

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return null;
  }
}

/** At most WEBHOOK_BODY_KEPT bytes of the body as text (cut on a character boundary, marked). */
export function keptBody(raw: Buffer): string {
  if (raw.length <= WEBHOOK_BODY_KEPT) return raw.toString('utf8');
  const text = raw.subarray(0, WEBHOOK_BODY_KEPT).toString('utf8').replace(/\uFFFD$/, '');
  return `${text}… [${raw.length} bytes, cut]`;
}

/** Our attempt a notification names (ours, the provider's reference, or a ?ref= we put in the URL), the live one first. */
async function namedAttempt(
  deps: CommerceDeps,
  provider: ProviderName,
  named: { reference?: string | null; providerReference?: string | null },
  query: Record<string, unknown>,
): Promise<string | null> {
  const fromQuery = [query.ref, query.reference].filter((v): v is string => typeof v === 'string' && v.length <= 200);
  const references = [named.reference, ...fromQuery].filter((v): v is string => !!v && v.length <= 200);
  const providerReferences = [named.providerReference].filter((v): v is string => !!v && v.length <= 200);
  if (!references.length && !providerReferences.length) return null;
  const rows = (await deps.ds.manager.query(
    `SELECT a.id FROM payment_attempts a
      WHERE a.provider = $1 AND (a.reference = ANY($2) OR a.provider_reference = ANY($3) OR a.order_id::text = ANY($2))
      ORDER BY (a.status = 'pending') DESC, a.number DESC LIMIT 1`,
    [provider, references, providerReferences],
  )) as Array<{ id: string }>;
  return rows[0]?.id ?? null;
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
export async function receiveNotification(
  deps: CommerceDeps,
  provider: ProviderName,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  query: Record<string, unknown>,
): Promise<WebhookOutcome> {
  const client = deps.providers.get(provider);
  if (!client) return 'not-configured';
  const verdict = client.verifyNotification({ provider, rawBody, headers });
  const signatureValid = provider === 'notchpay' ? verdict.valid : null;
  const attemptId = await namedAttempt(deps, provider, verdict, query);
  const outcome: WebhookOutcome = signatureValid === false ? 'invalid-signature' : attemptId ? 'nudged' : 'unknown';
  if (outcome === 'invalid-signature') deps.log.warn({ provider, attemptId }, 'webhook with an invalid signature refused');
  if (!attemptId) {
    if (outcome === 'unknown') deps.log.info({ provider, bytes: rawBody.length }, 'notification naming none of our attempts: not kept');
    return outcome;
  }

  const dedupeKey = webhookDedupeKey(provider, rawBody, verdict.valid ? verdict : { valid: false });
  const kept = await deps.ds.transaction(async (manager) => {
    // One writer per attempt at a time, so that the count below holds under a burst.
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('commerce:webhook_log:' || $1))`, [attemptId]);
    const [{ n }] = (await manager.query(`SELECT count(*)::int AS n FROM webhook_log WHERE attempt_id = $1`, [attemptId])) as Array<{ n: number }>;
    if (n >= WEBHOOKS_KEPT_PER_ATTEMPT) return 'full' as const;
    const stored = (await manager.query(
      `INSERT INTO webhook_log (id, provider, raw_body, headers, signature_valid, dedupe_key, attempt_id, outcome, received_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
      [randomUUID(), provider, keptBody(rawBody), JSON.stringify(loggableHeaders(headers)), signatureValid, dedupeKey, attemptId, outcome, deps.now()],
    )) as Array<{ id: string }>;
    return stored.length ? ('stored' as const) : ('duplicate' as const);
  });
  if (outcome === 'invalid-signature') return outcome;
  if (kept === 'duplicate') return 'duplicate';
  if (kept === 'full') deps.log.warn({ provider, attemptId }, `more than ${WEBHOOKS_KEPT_PER_ATTEMPT} notifications about one attempt: not kept`);
  else {
    const body = rawBody.length <= WEBHOOK_BODY_KEPT ? parseJson(rawBody) : null;
    await deps.uow.run(({ manager }) =>
      recordExchange(manager, attemptId, { kind: provider === 'notchpay' ? 'webhook' : 'callback', httpStatus: null, body: body ?? keptBody(rawBody).slice(0, 4000) }, deps.now()),
    );
  }
  await nudgeAttempt(deps, attemptId);
  return outcome;
}

/** POST|PUT /payments/notify/notchpay|mtn|orange (behind the gateway's credential, like /graphql). */
export function mountWebhookRoutes(app: Express, deps: CommerceDeps): void {
  const handler = async (req: Request, res: Response) => {
    const provider = req.params.provider as ProviderName;
    if (!PROVIDERS.includes(provider)) {
      res.status(404).end();
      return;
    }
    try {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const outcome = await receiveNotification(deps, provider, raw, req.headers, req.query as Record<string, unknown>);
      // No detail either way: a forger learns only that it was refused.
      if (outcome === 'invalid-signature') res.status(401).json({ ok: false });
      else res.status(200).json({ ok: true });
    } catch (err) {
      deps.log.error({ err, provider }, 'webhook failed');
      res.status(500).json({ ok: false });
    }
  };
  const raw = express.raw({ type: () => true, limit: '64kb' });
  app.post(`${NOTIFY_PATH}/:provider`, raw, handler);
  app.put(`${NOTIFY_PATH}/:provider`, raw, handler);
}
