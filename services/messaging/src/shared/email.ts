import { createHash } from 'node:crypto';
import { z } from 'zod';

/** Addresses are stored trimmed and lower-cased, so equality in SQL is plain text equality. */
export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

const emailSchema = z.email();

/** True when `raw` (once normalised) is an address we can send to. */
export function isValidEmail(raw: string): boolean {
  const e = normaliseEmail(raw);
  return e.length <= 254 && emailSchema.safeParse(e).success;
}

/**
 * An address under .invalid (RFC 2606) names nobody: commerce's placeholder for a buyer it did not
 * know yet at checkout. Mail for it goes to the address messaging knows for the user, if any.
 */
export function isPlaceholderEmail(address: string): boolean {
  return emailDomain(address).endsWith('.invalid');
}

/** The domain of an address ('' when there is none). */
export function emailDomain(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 0 ? '' : address.slice(at + 1).toLowerCase();
}

/**
 * How the suppression list matches an address: the SHA-256 (hex) of its normalised form, so that a
 * deleted person's address can stay on it (never mailed again) without being kept in clear. The
 * migration HashedSuppressions computed the same for the rows it found (Postgres' sha256 of UTF-8).
 */
export function suppressionHash(address: string): string {
  return createHash('sha256').update(normaliseEmail(address), 'utf8').digest('hex');
}
