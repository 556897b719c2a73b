import { amountOf, formatXaf, usdCentsToXaf } from './money';

describe('usdCentsToXaf', () => {
  it('converts at the rate and rounds up to a whole franc', () => {
    expect(usdCentsToXaf(359, 656)).toBe(2356); // 3.59 × 656 = 2355.04 -> 2356
    expect(usdCentsToXaf(100, 656)).toBe(656);
    expect(usdCentsToXaf(1, 656)).toBe(7); // 6.56 -> 7
    expect(usdCentsToXaf(0, 656)).toBe(0);
    expect(usdCentsToXaf(50, 600)).toBe(300); // exact stays exact
  });

  it('refuses fractions and negatives', () => {
    expect(() => usdCentsToXaf(1.5, 656)).toThrow(RangeError);
    expect(() => usdCentsToXaf(-1, 656)).toThrow(RangeError);
    expect(() => usdCentsToXaf(100, 0)).toThrow(RangeError);
  });

  it('keeps both currencies', () => {
    expect(amountOf(359, 656)).toEqual({ usdCents: 359, xaf: 2356 });
  });

  it('formats FCFA the French way', () => {
    expect(formatXaf(2356)).toBe('2 356 FCFA');
    expect(formatXaf(656)).toBe('656 FCFA');
  });
});
