import { loggableHeaders, notificationHints, signNotchPay, validNotchPaySignature } from './webhook';

describe('NotchPay signature', () => {
  const key = 'hash-key-123';
  const body = Buffer.from('{"id":"evt_1","event":"payment.complete"}');

  it('accepts the HMAC of the raw body', () => {
    expect(validNotchPaySignature(body, signNotchPay(body, key), key)).toBe(true);
    expect(validNotchPaySignature(body, signNotchPay(body, key).toUpperCase(), key)).toBe(true);
  });

  it('refuses a wrong key, a changed body, a short or missing header, and no key', () => {
    expect(validNotchPaySignature(body, signNotchPay(body, 'other'), key)).toBe(false);
    expect(validNotchPaySignature(Buffer.from(`${body} `), signNotchPay(body, key), key)).toBe(false);
    expect(validNotchPaySignature(body, signNotchPay(body, key).slice(0, 10), key)).toBe(false);
    expect(validNotchPaySignature(body, 'zz', key)).toBe(false);
    expect(validNotchPaySignature(body, undefined, key)).toBe(false);
    expect(validNotchPaySignature(body, ['a', 'b'], key)).toBe(false);
    expect(validNotchPaySignature(body, signNotchPay(body, key), null)).toBe(false);
  });
});

describe('webhook helpers', () => {
  it('drops credentials from logged headers', () => {
    expect(loggableHeaders({ 'x-lbf-gateway-secret': 's', authorization: 'Bearer x', 'content-type': 'application/json', 'x-a': ['1', '2'] })).toEqual({
      'content-type': 'application/json',
      'x-a': '1, 2',
    });
  });

  it('finds our references in each provider body', () => {
    expect(notificationHints('notchpay', { id: 'e1', data: { reference: 'trx_1', merchant_reference: 'o-a1' } })).toEqual({
      references: ['o-a1'],
      providerReferences: ['trx_1'],
      eventId: 'e1',
    });
    expect(notificationHints('mtn', { externalId: 'x1', financialTransactionId: 'f1' }).references).toEqual(['x1']);
    expect(notificationHints('orange', { data: { payToken: 'MP1' } }).providerReferences).toEqual(['MP1']);
    expect(notificationHints('mtn', 'garbage')).toEqual({ references: [], providerReferences: [], eventId: null });
  });
});
