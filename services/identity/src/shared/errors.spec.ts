import { rateLimitedError, retryMinutes } from './errors';

describe('rate-limit refusals', () => {
  it('rounds the wait up to whole minutes, at least one', () => {
    expect(retryMinutes(1)).toBe(1);
    expect(retryMinutes(60_000)).toBe(1);
    expect(retryMinutes(60_001)).toBe(2);
    expect(retryMinutes(14 * 60_000 + 5)).toBe(15);
    expect(rateLimitedError(125_000)).toMatchObject({ code: 'RATE_LIMITED', message: 'Trop de tentatives. Veuillez réessayer dans 3 minute(s).' });
  });
});
