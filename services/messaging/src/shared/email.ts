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

/** The domain of an address ('' when there is none). */
export function emailDomain(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 0 ? '' : address.slice(at + 1).toLowerCase();
}
