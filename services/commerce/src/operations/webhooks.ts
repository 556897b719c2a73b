import express, { type Express, type Request, type Response } from 'express';
import { randomUUID } from 'node:crypto';
import { loggableHeaders, notificationHints, sha256Hex, validNotchPaySignature } from '../domain/webhook';
import type { ProviderName } from '../providers/port';
import type { CommerceDeps } from './deps';
import { recordExchange } from './settle';

export const NOTIFY_PATH = '/payments/notify';
const PROVIDERS: readonly ProviderName[] = ['notchpay', 'mtn', 'orange'];

export type WebhookOutcome = 'nudged' | 'duplicate' | 'unknown' | 'invalid-signature' | 'not-configured';

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return null;
  }
}

/**
 * A provider notification. Stored raw in the webhook log (headers without secrets), deduplicated
 * (UNIQUE dedupe key: NotchPay's event id, else the body's hash), and never believed: NotchPay's
 * must carry a valid x-notch-signature, and then, like MoMo's and Orange's unsigned ones, it is
 * only a reason to ask the provider (a job), whose answer goes through `settle`.
 */
export async function receiveNotification(
  deps: CommerceDeps,
  provider: ProviderName,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  query: Record<string, unknown>,
): Promise<WebhookOutcome> {
  const configured = deps.config.providers[provider];
  const body = parseJson(rawBody);
  const hints = notificationHints(provider, body, query);
  let signatureValid: boolean | null = null;
  if (provider === 'notchpay') {
    signatureValid = validNotchPaySignature(rawBody, headers['x-notch-signature'], deps.config.providers.notchpay?.webhookHashKey ?? null);
  }
  const hash = sha256Hex(rawBody);
  const dedupeKey =
    signatureValid === false ? `${provider}:invalid:${hash}` : provider === 'notchpay' && hints.eventId ? `notchpay:event:${hints.eventId}` : `${provider}:body:${hash}`;

  let attemptId: string | null = null;
  if (configured && signatureValid !== false && (hints.references.length || hints.providerReferences.length)) {
    const rows = (await deps.ds.manager.query(
      `SELECT a.id FROM payment_attempts a
        WHERE a.provider = $1 AND (a.reference = ANY($2) OR a.provider_reference = ANY($3) OR a.order_id::text = ANY($2))
        ORDER BY (a.status = 'pending') DESC, a.number DESC LIMIT 1`,
      [provider, hints.references, hints.providerReferences],
    )) as Array<{ id: string }>;
    attemptId = rows[0]?.id ?? null;
  }
  const outcome: WebhookOutcome = !configured ? 'not-configured' : signatureValid === false ? 'invalid-signature' : attemptId ? 'nudged' : 'unknown';
  const stored = (await deps.ds.manager.query(
    `INSERT INTO webhook_log (id, provider, raw_body, headers, signature_valid, dedupe_key, attempt_id, outcome, received_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
    [randomUUID(), provider, rawBody.toString('utf8'), JSON.stringify(loggableHeaders(headers)), signatureValid, dedupeKey, attemptId, outcome, deps.now()],
  )) as Array<{ id: string }>;
  if (!stored.length) return outcome === 'invalid-signature' ? outcome : 'duplicate';
  if (outcome !== 'nudged' || !attemptId) {
    if (outcome === 'invalid-signature') deps.log.warn({ provider }, 'webhook with an invalid signature refused');
    return outcome;
  }
  const id = attemptId;
  await deps.uow.run(({ manager }) =>
    recordExchange(manager, id, { kind: provider === 'notchpay' ? 'webhook' : 'callback', httpStatus: null, body: body ?? rawBody.toString('utf8').slice(0, 4000) }, deps.now()),
  );
  await deps.enqueue('check-attempt', { attemptId: id }, { jobId: `nudge-${stored[0]!.id}` });
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
