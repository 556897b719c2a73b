import { formatReceiptNumber, parseReceiptNumber, paymentDescription, receiptYear } from './rules';

describe('receipt numbers', () => {
  it('pads the sequence to six digits', () => {
    expect(formatReceiptNumber(2026, 123)).toBe('LBF-2026-000123');
    expect(formatReceiptNumber(2026, 1)).toBe('LBF-2026-000001');
    expect(formatReceiptNumber(2027, 1234567)).toBe('LBF-2027-1234567');
  });

  it('refuses a sequence below one', () => {
    expect(() => formatReceiptNumber(2026, 0)).toThrow(RangeError);
  });

  it('reads one back', () => {
    expect(parseReceiptNumber('LBF-2026-000123')).toEqual({ year: 2026, sequence: 123 });
    expect(parseReceiptNumber('LBF-26-1')).toBeNull();
  });

  it('counts the year in Cameroon time', () => {
    expect(receiptYear(new Date('2026-12-31T23:30:00Z'))).toBe(2027);
    expect(receiptYear(new Date('2026-12-31T22:30:00Z'))).toBe(2026);
  });
});

describe('what we send the providers', () => {
  it('a payer message MoMo accepts: no & or quotes, at most 160 characters', () => {
    expect(paymentDescription("L'hypertension & vous")).toBe('LBF L hypertension vous');
    expect(paymentDescription('x'.repeat(300))).toHaveLength(160);
  });
});
