import { formatDateTimeFr, formatUsdCents, formatXaf } from './format';
import { isValidEmail, normaliseEmail } from '../shared/email';

describe('mail formats', () => {
  it('writes FCFA and dollars the French way', () => {
    expect(formatXaf(2355)).toBe('2 355 FCFA');
    expect(formatXaf(0)).toBe('0 FCFA');
    expect(formatUsdCents(399)).toBe('3,99 $');
  });
  it('writes dates in Cameroon time', () => {
    expect(formatDateTimeFr('2026-11-23T18:05:00Z')).toBe('23 novembre 2026 à 19:05');
  });
  it('normalises addresses', () => {
    expect(normaliseEmail('  Awa@Example.COM ')).toBe('awa@example.com');
    expect(isValidEmail('awa@example.com')).toBe(true);
    expect(isValidEmail('pas-un-email')).toBe(false);
  });
});
