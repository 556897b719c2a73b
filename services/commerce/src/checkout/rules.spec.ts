import { attemptReference, itemKind, placeholderEmail } from './rules';

describe('what we send the providers', () => {
  it('MoMo gets a uuid4 X-Reference-Id; NotchPay and Orange `<orderId>-a<n>`', () => {
    expect(attemptReference('mtn', 'o', 1)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(attemptReference('notchpay', 'abc', 2)).toBe('abc-a2');
    expect(attemptReference('orange', 'abc', 3)).toBe('abc-a3');
  });

  it('item types as stored, and the placeholder e-mail of an unknown buyer', () => {
    expect(itemKind('VIDEO')).toBe('video');
    expect(itemKind('PDF')).toBe('pdf');
    expect(placeholderEmail('0123456789abcdef')).toBe('client-01234567@clients.lbf.invalid');
  });
});
