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
