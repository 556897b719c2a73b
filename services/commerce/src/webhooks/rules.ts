import { createHash } from 'node:crypto';

/** Webhook bookkeeping (the signature itself is the provider client's `verifyNotification`). */

export function sha256Hex(raw: Buffer): string {
  return createHash('sha256').update(raw).digest('hex');
}

/** Headers kept in the webhook log: everything but credentials and the gateway's secret. */
export function loggableHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const hidden = /^(authorization|cookie|x-lbf-gateway-secret|x-auth-token|ocp-apim-subscription-key|proxy-authorization)$/i;
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || hidden.test(name)) continue;
    kept[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return kept;
}

/**
 * The key that makes a replay or a duplicate land on the same webhook_log row (UNIQUE): the
 * provider's event id for a signed notification that has one, else the body's hash; a refused
 * one is keyed apart so that it can never block the authentic one.
 */
export function webhookDedupeKey(provider: string, rawBody: Buffer, verdict: { valid: boolean; eventId?: string | null }): string {
  const hash = sha256Hex(rawBody);
  if (!verdict.valid) return `${provider}:invalid:${hash}`;
  return verdict.eventId ? `${provider}:event:${verdict.eventId}` : `${provider}:body:${hash}`;
}

/** The bytes of a notification body kept in the log (a provider's is well under 2 KiB; the rest of a larger one is cut). */
export const WEBHOOK_BODY_KEPT = 8 * 1024;
/** Notifications kept per attempt; past that, more about the same attempt are counted in the log only. */
export const WEBHOOKS_KEPT_PER_ATTEMPT = 20;

export function parseJson(raw: Buffer): unknown {
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

/** The references a notification names that may be ours: its own, and a ?ref= / ?reference= we put in the callback URL. */
export function namedReferences(
  named: { reference?: string | null; providerReference?: string | null },
  query: Record<string, unknown>,
): { references: string[]; providerReferences: string[] } {
  const fromQuery = [query.ref, query.reference].filter((v): v is string => typeof v === 'string' && v.length <= 200);
  const references = [named.reference, ...fromQuery].filter((v): v is string => !!v && v.length <= 200);
  const providerReferences = [named.providerReference].filter((v): v is string => !!v && v.length <= 200);
  return { references, providerReferences };
}
