import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The newsletter's tokens. Confirmation tokens are random and stored only as their SHA-256 (a
 * leaked table confirms nobody). Unsubscribe and tracked-link tokens are signed, not stored:
 * HMAC-SHA256 under MAIL_LINK_SECRET of the ids they carry, so any mail ever sent keeps working
 * and nobody can forge one for another subscriber. Each kind signs under its own label, so a link
 * token can never pass as an unsubscribe token.
 */

/** A confirmation link is good for this long. */
export const CONFIRM_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

/** A new confirmation token (for the mail) and the hash to store. */
export function newConfirmToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256Hex(token) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** 16 bytes of a UUID as base64url (22 characters). */
export function packUuid(id: string): string {
  if (!UUID.test(id)) throw new Error(`not a uuid: ${id}`);
  return Buffer.from(id.replace(/-/g, ''), 'hex').toString('base64url');
}

function unpackUuids(packed: string, count: number): string[] | null {
  if (!/^[A-Za-z0-9_-]+$/.test(packed)) return null;
  const bytes = Buffer.from(packed, 'base64url');
  if (bytes.length !== count * 16 || bytes.toString('base64url') !== packed) return null;
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const h = bytes.subarray(i * 16, i * 16 + 16).toString('hex');
    ids.push(`${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`);
  }
  return ids;
}

function sign(secret: string, label: string, ids: string[]): string {
  return createHmac('sha256', secret).update(`${label}\n${ids.join('\n')}`).digest('base64url');
}

function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function makeToken(secret: string, label: string, ids: string[]): string {
  return `${Buffer.concat(ids.map((id) => Buffer.from(packUuid(id), 'base64url'))).toString('base64url')}.${sign(secret, label, ids)}`;
}

function readToken(secret: string, label: string, token: string, count: number): string[] | null {
  if (typeof token !== 'string' || token.length > 200) return null;
  const [packed, signature, extra] = token.split('.');
  if (!packed || !signature || extra !== undefined) return null;
  const ids = unpackUuids(packed, count);
  if (!ids) return null;
  return sameSignature(signature, sign(secret, label, ids)) ? ids : null;
}

/** The unsubscribe token of a subscriber: their id and its signature, no storage. */
export function unsubscribeToken(secret: string, subscriberId: string): string {
  return makeToken(secret, 'newsletter-unsubscribe', [subscriberId]);
}

/** The subscriber id an unsubscribe token stands for, or null when it is not one of ours. */
export function readUnsubscribeToken(secret: string, token: string): string | null {
  return readToken(secret, 'newsletter-unsubscribe', token, 1)?.[0] ?? null;
}

/** The token of one tracked link for one subscriber. */
export function linkToken(secret: string, linkId: string, subscriberId: string): string {
  return makeToken(secret, 'newsletter-link', [linkId, subscriberId]);
}

export function readLinkToken(secret: string, token: string): { linkId: string; subscriberId: string } | null {
  const ids = readToken(secret, 'newsletter-link', token, 2);
  return ids ? { linkId: ids[0], subscriberId: ids[1] } : null;
}

/** A signed token for one id under another room's label (the data export's download link): the same scheme, never valid as a newsletter token. */
export function signedIdToken(secret: string, label: string, id: string): string {
  if (label.startsWith('newsletter-')) throw new Error('newsletter labels are the newsletter’s');
  return makeToken(secret, label, [id]);
}

export function readSignedIdToken(secret: string, label: string, token: string): string | null {
  return readToken(secret, label, token, 1)?.[0] ?? null;
}
