import { randomUUID } from 'node:crypto';
import { hashSecret, licenceExpiry, newSecret, OFFLINE_LICENCE_DAYS, parseRenewalToken, renewalToken, secretMatches } from './rules';

describe('offline licence rules', () => {
  it('expires 14 days after its grant or renewal', () => {
    const now = new Date('2026-11-27T10:00:00Z');
    expect(OFFLINE_LICENCE_DAYS).toBe(14);
    expect(licenceExpiry(now).toISOString()).toBe('2026-12-11T10:00:00.000Z');
  });

  it('reads back the tokens it makes, and nothing else', () => {
    const id = randomUUID();
    const secret = newSecret();
    expect(parseRenewalToken(renewalToken(id, secret))).toEqual({ licenceId: id, secret });
    for (const bad of ['', id, `${id}.`, `${id}.${secret}x`, `x${id}.${secret}`, `${id}.${secret.slice(1)}/`]) expect(parseRenewalToken(bad)).toBeNull();
  });

  it('matches a secret against its hash only', () => {
    const secret = newSecret();
    expect(secretMatches(secret, hashSecret(secret))).toBe(true);
    expect(secretMatches(newSecret(), hashSecret(secret))).toBe(false);
    expect(secretMatches(secret, Buffer.alloc(3))).toBe(false);
  });
});
