import { formatReceiptNumber, lateAnswer, parseReceiptNumber, paymentDescription, receiptYear } from './rules';

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

describe("the provider's word after our own expiry", () => {
  const ours = { status: 'expired' as const, failureCode: 'WINDOW_PASSED', lateAnswer: null };
  it('keeps a final non-paid answer on an attempt we ended at its window', () => {
    expect(lateAnswer(ours, { outcome: 'failed' })).toBe('failed');
    expect(lateAnswer(ours, { outcome: 'expired' })).toBe('expired');
  });

  it('keeps nothing when the provider still says pending, could not be asked, or already answered', () => {
    expect(lateAnswer(ours, { outcome: 'pending' })).toBeNull();
    expect(lateAnswer(ours, { outcome: 'pending', unanswered: true })).toBeNull();
    expect(lateAnswer({ ...ours, lateAnswer: 'failed' }, { outcome: 'canceled' })).toBeNull();
  });

  it('keeps nothing from our own expiry arriving a second time (a poll that read the attempt before it ended)', () => {
    expect(lateAnswer(ours, { outcome: 'expired', reasonCode: 'WINDOW_PASSED' })).toBeNull();
  });

  it("keeps nothing on an attempt the provider ended itself", () => {
    expect(lateAnswer({ ...ours, failureCode: 'COULD_NOT_PERFORM_TRANSACTION' }, { outcome: 'failed' })).toBeNull();
    expect(lateAnswer({ ...ours, status: 'failed' }, { outcome: 'failed' })).toBeNull();
  });
});
