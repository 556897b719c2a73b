import { leadingZeroBits } from '@lbf/proto-events';
import { createHash } from 'node:crypto';

/**
 * A small proof of work the sign-up page computes before sending the form: a nonce such that
 * SHA-256("<challenge>:<nonce>") starts with `difficulty` zero bits. 12 bits is about 4,000 hashes:
 * a few hundred milliseconds with WebCrypto on a cheap phone, while a script creating accounts in
 * bulk pays it for every one. The page uses the same rule (web/src/features/account/proof-of-work.ts).
 */
export const DEFAULT_PROOF_OF_WORK_DIFFICULTY = 12;
/** A nonce is a short decimal or hex string; anything longer is refused before hashing. */
const MAX_NONCE_LENGTH = 32;

function digestOf(challenge: string, nonce: string): Buffer {
  return createHash('sha256').update(`${challenge}:${nonce}`).digest();
}

export function proofOfWorkValid(challenge: string, nonce: string, difficulty: number): boolean {
  if (!nonce || nonce.length > MAX_NONCE_LENGTH || !/^[0-9a-zA-Z]+$/.test(nonce)) return false;
  return leadingZeroBits(digestOf(challenge, nonce)) >= difficulty;
}

/** What the page does, for scripts and tests that must sign up the honest way. */
export function solveProofOfWork(challenge: string, difficulty: number): string {
  for (let n = 0; ; n++) {
    if (leadingZeroBits(digestOf(challenge, String(n))) >= difficulty) return String(n);
  }
}
