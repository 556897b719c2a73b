import { linkToken, newConfirmToken, readLinkToken, readUnsubscribeToken, sha256Hex, unsubscribeToken } from './tokens';

const SECRET = 'a-secret-of-at-least-16-chars';
const A = '0b6f8f7e-3c1d-4a55-9e3a-2f1c0d9b8a76';
const B = 'f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b';

describe('newsletter tokens', () => {
  it('a confirmation token is random and stored only as its SHA-256', () => {
    const one = newConfirmToken();
    const two = newConfirmToken();
    expect(one.token).not.toBe(two.token);
    expect(one.hash).toBe(sha256Hex(one.token));
    expect(one.hash).not.toContain(one.token);
    expect(one.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('an unsubscribe token carries the subscriber id and is checked, not stored', () => {
    const t = unsubscribeToken(SECRET, A);
    expect(t).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(readUnsubscribeToken(SECRET, t)).toBe(A);
    expect(readUnsubscribeToken('another-secret-16-chars', t)).toBeNull();
  });

  it('refuses a token forged for another subscriber, tampered or malformed', () => {
    const t = unsubscribeToken(SECRET, A);
    const [, sig] = t.split('.');
    const otherId = unsubscribeToken(SECRET, B).split('.')[0];
    expect(readUnsubscribeToken(SECRET, `${otherId}.${sig}`)).toBeNull();
    expect(readUnsubscribeToken(SECRET, `${t}x`)).toBeNull();
    for (const bad of ['', '.', 'abc', `${t}.extra`, 'x'.repeat(500)]) expect(readUnsubscribeToken(SECRET, bad)).toBeNull();
  });

  it('a link token names its link and subscriber, and never passes as an unsubscribe token', () => {
    const t = linkToken(SECRET, A, B);
    expect(readLinkToken(SECRET, t)).toEqual({ linkId: A, subscriberId: B });
    expect(readUnsubscribeToken(SECRET, t)).toBeNull();
    expect(readLinkToken(SECRET, unsubscribeToken(SECRET, A))).toBeNull();
    expect(readLinkToken(SECRET, linkToken(SECRET, B, A).replace(/^./, (c) => (c === 'A' ? 'B' : 'A')))).toBeNull();
  });
});
