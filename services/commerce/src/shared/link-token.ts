import { createHash, randomBytes } from 'node:crypto';

/*
 * The secret in a link a customer passes on (a gift's claim link, a « Payer pour moi » link): whoever
 * holds the link may use it, so only its hash is stored and a lookup goes by that hash.
 */

/** 32 random bytes, base64url (43 characters). */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

export function linkTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A token as newLinkToken writes it (anything else is unknown without asking the database). */
export function wellFormedLinkToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
