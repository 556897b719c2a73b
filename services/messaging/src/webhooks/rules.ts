import type { EventData } from '@lbf/proto-events';
import { createHash, createHmac } from 'node:crypto';
import { BlockList, isIP } from 'node:net';

/**
 * Webhooks' pure rules: the public event types and the NATS events behind them, what each delivery
 * says (no more personal data than an integrator needs: ids, never a name, e-mail or message), the
 * delivery id, the signature, and which addresses a webhook may never reach (SSRF).
 */

/** The public event types, as integrators subscribe to them (and read them in `type`). */
export const WEBHOOK_EVENT_TYPES = ['purchase.completed', 'purchase.refunded', 'user.registered', 'item.published', 'contact.message_received'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The SDL's enum value of a type (PURCHASE_COMPLETED) and back. */
export const toEnumValue = (type: WebhookEventType) => type.replace(/[.]/g, '_').toUpperCase();
export function fromEnumValue(value: string): WebhookEventType | null {
  return WEBHOOK_EVENT_TYPES.find((t) => toEnumValue(t) === value) ?? null;
}

/** One event as the receiver reads it in `data`. */
export type WebhookData = Record<string, string | number | boolean | null>;

/** The NATS events behind four of the types (contact.message_received is messaging's own: contact/ calls queueWebhookEvent). */
export const WEBHOOK_SOURCES = {
  'commerce.purchase.completed': (d: EventData<'commerce.purchase.completed'>) => ({
    type: 'purchase.completed' as const,
    occurredAt: d.completedAt,
    data: {
      orderId: d.orderId,
      receiptNumber: d.receiptNumber,
      customerId: d.buyerId,
      itemId: d.itemId,
      itemType: d.itemType,
      itemTitle: d.itemTitle,
      amountXaf: d.amountXaf,
      amountUsdCents: d.amountUsdCents,
      provider: d.provider,
      promoCode: d.promo?.code ?? null,
      completedAt: d.completedAt,
    },
  }),
  'commerce.purchase.refunded': (d: EventData<'commerce.purchase.refunded'>) => ({
    type: 'purchase.refunded' as const,
    occurredAt: d.refundedAt,
    data: { orderId: d.orderId, customerId: d.buyerId, itemId: d.itemId, itemType: d.itemType, amountXaf: d.amountXaf, refundedAt: d.refundedAt },
  }),
  'identity.user.registered': (d: EventData<'identity.user.registered'>) => ({
    type: 'user.registered' as const,
    occurredAt: d.registeredAt,
    data: { userId: d.userId, origin: d.origin, registeredAt: d.registeredAt },
  }),
  'catalogue.item.published': (d: EventData<'catalogue.item.published'>) => ({
    type: 'item.published' as const,
    occurredAt: d.occurredAt,
    data: { itemId: d.itemId, itemType: d.itemType, title: d.title, priceCents: d.priceCents, currency: d.currency, publishedAt: d.occurredAt },
  }),
} as const;

/** The delivery id: stable for one event and one subscription (a UUID made from both), so a receiver dedupes on it. */
export function deliveryIdOf(eventId: string, subscriptionId: string): string {
  const h = createHash('sha256').update(`lbf-webhook:${eventId}:${subscriptionId}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The exact bytes sent (and signed) at every attempt: {id, type, createdAt, data}. */
export function deliveryBody(id: string, type: WebhookEventType, createdAt: string, data: WebhookData): string {
  return JSON.stringify({ id, type, createdAt, data });
}

/** One signature: `v1=` and the hex HMAC-SHA256, with a secret of the subscription, of "<timestamp>.<raw body>". */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Whether the secret a change replaced still signs: until its overlap ends (`previous_secret_expires_at`). */
export function replacedSecretSigns(expiresAt: Date | string | null, now: Date): boolean {
  return expiresAt !== null && new Date(expiresAt) > now;
}

/**
 * `X-LBF-Webhook-Signature`: one signature per secret that signs, separated by a space, the current
 * secret's first. Two only while a replaced secret still signs (« Changer le secret »): a receiver
 * accepts the delivery when one of them matches its secret.
 */
export function signatureHeader(secrets: readonly string[], timestamp: number, body: string): string {
  return secrets.map((secret) => signatureOf(secret, timestamp, body)).join(' ');
}

/** Addresses a webhook may not reach unless allowed (development, tests): loopback, private, link-local, CGNAT, multicast, reserved. */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96]] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

/** True for an address a webhook must not reach (an IPv4-mapped IPv6 address is judged as its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Why a subscription URL is refused (French, for the form), or null. The host's addresses are checked again at each delivery. */
export function urlRefusal(raw: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return 'Adresse invalide : saisissez une URL complète commençant par https://.';
  }
  if (url.protocol !== 'https:') return 'Seules les adresses https:// sont acceptées.';
  if (url.username || url.password) return 'L’adresse ne doit pas contenir d’identifiants.';
  if (raw.length > 2000) return 'Adresse trop longue.';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (allowPrivate) return null;
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) return 'Les adresses locales ou privées sont refusées.';
  if (isIP(host) && isPrivateAddress(host)) return 'Les adresses locales ou privées sont refusées.';
  return null;
}

/** After how many failed deliveries in a row a subscription is paused. */
export function shouldPause(consecutiveFailures: number, threshold: number): boolean {
  return consecutiveFailures >= threshold;
}

/** Total back-off of `attempts` tries with BullMQ's exponential delays (delay × 2^(n-1) before try n+1). */
export function totalBackoffMs(attempts: number, firstDelayMs: number): number {
  let total = 0;
  for (let n = 1; n < attempts; n++) total += firstDelayMs * 2 ** (n - 1);
  return total;
}
