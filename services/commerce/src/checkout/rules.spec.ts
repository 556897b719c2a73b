import { paymentDescription } from './attempts';
import { attemptReference } from './checkout';

describe('what we send the providers', () => {
  it('MoMo gets a uuid4 X-Reference-Id; NotchPay and Orange `<orderId>-a<n>`', () => {
    expect(attemptReference('mtn', 'o', 1)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(attemptReference('notchpay', 'abc', 2)).toBe('abc-a2');
    expect(attemptReference('orange', 'abc', 3)).toBe('abc-a3');
  });

  it('a payer message MoMo accepts: no & or quotes, at most 160 characters', () => {
    expect(paymentDescription("L'hypertension & vous")).toBe('LBF L hypertension vous');
    expect(paymentDescription('x'.repeat(300))).toHaveLength(160);
  });
});
