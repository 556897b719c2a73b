import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * NotchPay's webhook signature: header x-notch-signature = hex HMAC-SHA256(raw body, webhook hash
 * key). Compared in constant time after checking the length; anything malformed is simply invalid.
 */
export function validNotchPaySignature(rawBody: Buffer, header: string | string[] | undefined, hashKey: string | null): boolean {
  if (!hashKey || typeof header !== 'string') return false;
  const given = header.trim().toLowerCase();
  if (!/^[0-9a-f]+$/.test(given)) return false;
  const expected = createHmac('sha256', hashKey).update(rawBody).digest('hex');
  if (given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given, 'utf8'), Buffer.from(expected, 'utf8'));
}

export function signNotchPay(rawBody: Buffer | string, hashKey: string): string {
  return createHmac('sha256', hashKey).update(rawBody).digest('hex');
}

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

/** What a notification body tells us about which payment it is, read defensively (undocumented shapes). */
export interface NotificationHints {
  /** An id of ours it carries: NotchPay merchant_reference, MoMo externalId, Orange orderId. */
  references: string[];
  /** The provider's id: NotchPay reference, Orange payToken, MoMo financialTransactionId. */
  providerReferences: string[];
  /** NotchPay's event id (dedupe key), when present. */
  eventId: string | null;
}

function strings(...values: unknown[]): string[] {
  return [...new Set(values.filter((v): v is string => typeof v === 'string' && v.length > 0 && v.length <= 200))];
}

export function notificationHints(provider: 'notchpay' | 'mtn' | 'orange', body: unknown, query: Record<string, unknown> = {}): NotificationHints {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const data = (b.data && typeof b.data === 'object' ? b.data : {}) as Record<string, unknown>;
  const trx = (data.transaction && typeof data.transaction === 'object' ? data.transaction : {}) as Record<string, unknown>;
  const fromQuery = strings(query.ref, query.reference);
  switch (provider) {
    case 'notchpay':
      return {
        references: strings(...fromQuery, data.merchant_reference, trx.merchant_reference, data.trxref),
        providerReferences: strings(data.reference, trx.reference),
        eventId: typeof b.id === 'string' ? b.id : null,
      };
    case 'mtn':
      return { references: strings(...fromQuery, b.externalId, b.referenceId, b.reference_id), providerReferences: strings(b.financialTransactionId), eventId: null };
    case 'orange':
      return {
        references: strings(...fromQuery, b.orderId, data.orderId, b.order_id),
        providerReferences: strings(b.payToken, data.payToken, b.pay_token, b.notif_token),
        eventId: null,
      };
  }
}
