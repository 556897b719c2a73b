import * as argon2 from 'argon2';
import { randomBytes } from 'node:crypto';

/** argon2id with the library's defaults (m=64 MiB, t=3, p=4), which follow RFC 9106's second recommendation. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;

/**
 * Verifies against a hash nobody knows, so an unknown e-mail costs as long as a wrong password and
 * the response time does not tell which e-mails have accounts.
 */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummy ??= hashPassword(randomBytes(24).toString('base64'));
  await verifyPassword(await dummy, password);
  return false;
}

export function needsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash);
  } catch {
    return false;
  }
}
