import { describe, expect, it } from '@jest/globals';
import { centsToXaf, formatAmount, formatCountdown, formatUsdCents, formatXaf } from './money';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('amounts shown to a customer', () => {
  it('converts US cents to whole FCFA rounded up, as commerce charges', () => {
    expect(centsToXaf(359, 656)).toBe(2356);
    expect(centsToXaf(100, 656)).toBe(656);
    expect(centsToXaf(2000, 656)).toBe(13120);
    expect(centsToXaf(1, 656)).toBe(7);
  });

  it('writes FCFA whole and French-formatted, with spaces that do not break', () => {
    expect(plain(formatXaf(2356))).toBe('2 356 FCFA');
    expect(plain(formatXaf(1234567))).toBe('1 234 567 FCFA');
    expect(formatXaf(656)).not.toMatch(/ /);
  });

  it('writes USD with two decimals', () => {
    expect(formatUsdCents(359)).toBe('$3.59');
    expect(formatUsdCents(100)).toBe('$1.00');
  });

  it('shows one currency at a time, commerce’s FCFA figure when it has one', () => {
    expect(formatAmount({ usdCents: 359 }, 'USD', 656)).toBe('$3.59');
    expect(plain(formatAmount({ usdCents: 359 }, 'FCFA', 656))).toBe('2 356 FCFA');
    expect(plain(formatAmount({ usdCents: 359, xaf: 2400 }, 'FCFA', 656))).toBe('2 400 FCFA');
  });

  it('counts down in m:ss, and h:mm:ss past an hour', () => {
    expect(formatCountdown(299)).toBe('4:59');
    expect(formatCountdown(5)).toBe('0:05');
    expect(formatCountdown(10800)).toBe('3:00:00');
  });
});
