import { attemptReference, itemKind } from './rules';

describe('what we send the providers', () => {
  it('MoMo gets a uuid4 X-Reference-Id; NotchPay and Orange `<orderId>-a<n>`', () => {
    expect(attemptReference('mtn', 'o', 1)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(attemptReference('notchpay', 'abc', 2)).toBe('abc-a2');
    expect(attemptReference('orange', 'abc', 3)).toBe('abc-a3');
  });

  it('item types as stored', () => {
    expect(itemKind('VIDEO')).toBe('video');
    expect(itemKind('PDF')).toBe('pdf');
  });
});
