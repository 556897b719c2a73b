import { linkTokenHash, newLinkToken, wellFormedLinkToken } from './link-token';

describe('link tokens', () => {
  it('are 43 url-safe characters, each new, stored as a hash', () => {
    const token = newLinkToken();
    expect(wellFormedLinkToken(token)).toBe(true);
    expect(wellFormedLinkToken('../etc')).toBe(false);
    expect(linkTokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(linkTokenHash(token)).not.toBe(linkTokenHash(newLinkToken()));
  });
});
