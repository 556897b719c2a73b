import { describe, expect, it } from '@jest/globals';
import { formatDateTime, formatDay, formatUsdCents, formatXaf } from './money';

describe('commerce amounts and dates for the admin screens', () => {
  it('shows whole FCFA in French format and the dollar price with two decimals', () => {
    expect(formatXaf(2356).replace(/\s/g, ' ')).toBe('2 356 FCFA');
    expect(formatXaf(0)).toBe('0 FCFA');
    expect(formatUsdCents(359)).toBe('$3.59');
    expect(formatUsdCents(100)).toBe('$1.00');
  });

  it('shows a dash for a date that does not parse instead of throwing', () => {
    expect(formatDay('not a date')).toBe('—');
    expect(formatDateTime('')).toBe('—');
    expect(formatDay('2026-11-23T10:00:00Z')).toMatch(/^\d{2}\/\d{2}\/2026$/);
  });
});
