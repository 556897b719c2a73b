import { msisdn, normalizePhone, notchPayChannel, operatorOf } from './phone';

describe('normalizePhone', () => {
  const orange = { provider: 'orange' as const, sandbox: false };
  it('reads Cameroonian numbers in every usual form', () => {
    expect(normalizePhone('699000001', orange)).toEqual({ ok: true, e164: '+237699000001' });
    expect(normalizePhone('6 99 00 00 01', orange)).toEqual({ ok: true, e164: '+237699000001' });
    expect(normalizePhone('+237 699 000 001', orange)).toEqual({ ok: true, e164: '+237699000001' });
    expect(normalizePhone('237699000001', orange)).toEqual({ ok: true, e164: '+237699000001' });
    expect(normalizePhone('674481721', orange)).toEqual({ ok: true, e164: '+237674481721' });
  });

  it('refuses nonsense', () => {
    expect(normalizePhone('12', orange)).toEqual({ ok: false });
    expect(normalizePhone('abc', orange)).toEqual({ ok: false });
  });

  it('accepts the MTN sandbox numbers only on the MTN sandbox', () => {
    expect(normalizePhone('46733123453', { provider: 'mtn', sandbox: true })).toEqual({ ok: true, e164: '+46733123453' });
    expect(normalizePhone('56733123453', { provider: 'mtn', sandbox: true })).toEqual({ ok: true, e164: '+56733123453' });
    expect(normalizePhone('56733123453', { provider: 'mtn', sandbox: false })).toEqual({ ok: false });
    expect(normalizePhone('56733123453', { provider: 'orange', sandbox: true })).toEqual({ ok: false });
  });

  it('gives MSISDN digits and the NotchPay channel', () => {
    expect(msisdn('+237699000001')).toBe('237699000001');
    expect(notchPayChannel('+237699000001')).toBe('cm.orange');
    expect(notchPayChannel('+237656019261')).toBe('cm.orange');
    expect(notchPayChannel('+237674481721')).toBe('cm.mtn');
  });

  it('names the network a prompt goes to: the provider itself, or NotchPay by the number', () => {
    expect(operatorOf('orange', '+237699000001')).toBe('orange');
    expect(operatorOf('mtn', '+46733123450')).toBe('mtn');
    expect(operatorOf('notchpay', '+237656019261')).toBe('orange');
    expect(operatorOf('notchpay', '+237674481721')).toBe('mtn');
    expect(operatorOf('notchpay', null)).toBeNull();
  });
});
