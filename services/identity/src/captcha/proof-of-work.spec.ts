import { proofOfWorkValid, solveProofOfWork } from './proof-of-work';

describe('proof of work', () => {
  it('accepts the nonce it finds and refuses it for another challenge or a harder difficulty', () => {
    const nonce = solveProofOfWork('challenge-a', 12);
    expect(proofOfWorkValid('challenge-a', nonce, 12)).toBe(true);
    // The first nonce of challenge-a that reaches 12 bits is not also the first of challenge-b (fixed inputs: deterministic).
    expect(proofOfWorkValid('challenge-b', nonce, 12)).toBe(false);
    expect(proofOfWorkValid('challenge-a', nonce, 40)).toBe(false);
    expect(proofOfWorkValid('challenge-a', '', 0)).toBe(false);
    expect(proofOfWorkValid('challenge-a', 'x'.repeat(33), 0)).toBe(false);
    expect(proofOfWorkValid('challenge-a', 'not a nonce', 0)).toBe(false);
  });

  it('refuses a nonce whose hash does not start with enough zero bits', () => {
    let n = 0;
    while (proofOfWorkValid('challenge-c', String(n), 1)) n++;
    expect(proofOfWorkValid('challenge-c', String(n), 1)).toBe(false);
    expect(proofOfWorkValid('challenge-c', String(n), 0)).toBe(true);
  });
});
