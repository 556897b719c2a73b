/**
 * The sign-up's proof of work, the rule the page and identity share: a nonce such that
 * SHA-256("<challenge>:<nonce>") starts with `difficulty` zero bits. The page searches with WebCrypto
 * (web/src/features/account/proof-of-work.ts), identity checks with node:crypto
 * (services/identity/src/captcha/proof-of-work.ts).
 */

/** How many zero bits a SHA-256 digest starts with. */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}
