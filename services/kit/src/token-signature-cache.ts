import { createHash, createPublicKey, type KeyObject } from 'node:crypto';
import jwt, { type JwtPayload, type VerifyOptions } from 'jsonwebtoken';

/**
 * ES256 signature checks are the dearest part of token verification, and a browser sends the same
 * access token on every request for its 15 minutes. A token whose signature and claims checked out is
 * remembered (by its SHA-256, never the token itself) until it expires or for SIGNATURE_CACHE_MS,
 * whichever comes first; revocation is still read from Redis on every request by the caller, and a
 * failed check is never remembered.
 */
export const SIGNATURE_CACHE_MS = 60_000;
const MAX_ENTRIES = 10_000;

const keys = new Map<string, KeyObject>();
const verified = new Map<string, { claims: JwtPayload; until: number }>();

function publicKey(pem: string): KeyObject {
  let key = keys.get(pem);
  if (!key) {
    key = createPublicKey(pem);
    keys.set(pem, key);
  }
  return key;
}

/** jwt.verify with the key parsed once and verified tokens remembered; throws as jwt.verify does. */
export function verifySignature(token: string, publicKeyPem: string, options: VerifyOptions): JwtPayload {
  const id = createHash('sha256').update(publicKeyPem).update('\n').update(token).digest('base64');
  const now = Date.now();
  const hit = verified.get(id);
  if (hit && hit.until > now) return hit.claims;
  if (hit) verified.delete(id);
  const claims = jwt.verify(token, publicKey(publicKeyPem), options) as JwtPayload;
  const expiresAt = typeof claims.exp === 'number' ? claims.exp * 1000 : now;
  if (verified.size >= MAX_ENTRIES) verified.delete(verified.keys().next().value!);
  verified.set(id, { claims, until: Math.min(expiresAt, now + SIGNATURE_CACHE_MS) });
  return claims;
}
