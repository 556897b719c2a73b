import { DEFAULT_PDF_PRICE_CENTS, DEFAULT_VIDEO_PRICE_CENTS, formatCents, parsePriceToCents } from './money';

describe('prices in cents', () => {
  it('stores the spec prices $3.59 and $1.00 as 359 and 100 cents', () => {
    expect(DEFAULT_VIDEO_PRICE_CENTS).toBe(359);
    expect(DEFAULT_PDF_PRICE_CENTS).toBe(100);
    expect(formatCents(DEFAULT_VIDEO_PRICE_CENTS)).toBe('3.59');
    expect(formatCents(DEFAULT_PDF_PRICE_CENTS)).toBe('1.00');
  });

  it('reads amounts typed with a point or a French comma, without float rounding', () => {
    expect(parsePriceToCents('3.59')).toBe(359);
    expect(parsePriceToCents('3,59')).toBe(359);
    expect(parsePriceToCents('0.1')).toBe(10);
    expect(parsePriceToCents('12')).toBe(1200);
    expect(parsePriceToCents(' 19.99 ')).toBe(1999);
    expect(parsePriceToCents('1.005')).toBeNull();
  });

  it('refuses negative, empty, textual and absurd amounts', () => {
    for (const bad of ['-1', '', 'abc', '3.5.9', '1e3', '99999999']) expect(parsePriceToCents(bad)).toBeNull();
  });

  it('formats cents with two decimals', () => {
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(123456)).toBe('1234.56');
  });
});
