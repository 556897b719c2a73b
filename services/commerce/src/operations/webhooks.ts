import express, { type Express, type Request, type Response } from 'express';
import { randomUUID } from 'node:crypto';
import { loggableHeaders, webhookDedupeKey } from '../domain/webhook';
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
 * (UNIQUE dedupe key: NotchPay's event id, else the body's hash), and never believed: the client's
 * verifyNotification checks NotchPay's x-notch-signature (MoMo's and Orange's are unsigned), and
 * even an authentic one is only a reason to ask the provider (a job), whose answer goes through `settle`.
 */
export async function receiveNotification(
  deps: CommerceDeps,
  provider: ProviderName,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  query: Record<string, unknown>,
): Promise<WebhookOutcome> {
  const client = deps.providers.get(provider);
  const body = parseJson(rawBody);
  const verdict = client ? client.verifyNotification({ provider, rawBody, headers }) : ({ valid: false, reason: 'not configured' } as const);
  const signatureValid = provider === 'notchpay' ? verdict.valid : null;
  const dedupeKey = webhookDedupeKey(provider, rawBody, verdict.valid ? verdict : { valid: false });

  let attemptId: string | null = null;
  if (verdict.valid) {
    // Ours (merchant_reference, externalId, orderId), the provider's (payToken, NotchPay's), or a ?ref= we put in the URL.
    const fromQuery = [query.ref, query.reference].filter((v): v is string => typeof v === 'string' && v.length <= 200);
    const references = [verdict.reference, ...fromQuery].filter((v): v is string => !!v);
    const providerReferences = [verdict.providerReference].filter((v): v is string => !!v);
    if (references.length || providerReferences.length) {
      const rows = (await deps.ds.manager.query(
        `SELECT a.id FROM payment_attempts a
          WHERE a.provider = $1 AND (a.reference = ANY($2) OR a.provider_reference = ANY($3) OR a.order_id::text = ANY($2))
          ORDER BY (a.status = 'pending') DESC, a.number DESC LIMIT 1`,
        [provider, references, providerReferences],
      )) as Array<{ id: string }>;
      attemptId = rows[0]?.id ?? null;
    }
  }
  const configured = client !== null;
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
