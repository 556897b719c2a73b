import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Rules of offline licences that need no I/O: their lifetime and the renewal token. */

/** An offline licence lives this long from its last renewal: the app wipes a copy two weeks without a check. */
export const OFFLINE_LICENCE_DAYS = 14;

export function licenceExpiry(now: Date): Date {
  return new Date(now.getTime() + OFFLINE_LICENCE_DAYS * 24 * 3600_000);
}

/** Why a licence stopped being renewed (offline_licences.revoked_reason). */
export type RevokedReason = 'refunded' | 'banned';

/** A licence's renewal token: `<licence id>.<secret>`; only the secret's SHA-256 is kept. */
export interface RenewalToken {
  licenceId: string;
  secret: string;
}

const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function renewalToken(licenceId: string, secret: string): string {
  return `${licenceId}.${secret}`;
}

/** Null for anything that is not a token this service makes. */
export function parseRenewalToken(token: string): RenewalToken | null {
  const m = TOKEN.exec(token);
  return m ? { licenceId: m[1]!, secret: m[2]! } : null;
}

export function hashSecret(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}

/** Constant-time comparison of a presented secret with the kept hash. */
export function secretMatches(secret: string, kept: Buffer): boolean {
  const presented = hashSecret(secret);
  return kept.length === presented.length && timingSafeEqual(presented, kept);
}
