import { leadingZeroBits } from '@lbf/proto-events/src/proof-of-work';

/**
 * The sign-up's proof of work (identity's captcha/proof-of-work.ts holds the same rule): a nonce such
 * that SHA-256("<challenge>:<nonce>") starts with `difficulty` zero bits. WebCrypto hashes off the
 * main thread and each batch awaits it, so typing is never blocked while the page searches.
 */
const BATCH = 32;

export async function solveProofOfWork(challenge: string, difficulty: number, signal?: AbortSignal): Promise<string> {
  const encoder = new TextEncoder();
  for (let start = 0; ; start += BATCH) {
    if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const nonces = Array.from({ length: BATCH }, (_, i) => String(start + i));
    const digests = await Promise.all(nonces.map((n) => crypto.subtle.digest('SHA-256', encoder.encode(`${challenge}:${n}`))));
    const found = digests.findIndex((d) => leadingZeroBits(new Uint8Array(d)) >= difficulty);
    if (found >= 0) return nonces[found]!;
  }
}
