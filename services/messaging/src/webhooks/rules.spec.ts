import { createHmac } from 'node:crypto';
import { deliveryBody, deliveryIdOf, fromEnumValue, isPrivateAddress, signatureHeader, signatureOf, toEnumValue, totalBackoffMs, urlRefusal, WEBHOOK_EVENT_TYPES } from './rules';

describe('webhook rules', () => {
  it('derives one stable delivery id per event and subscription', () => {
    const a = deliveryIdOf('0b8e3f0e-1111-4111-8111-111111111111', 'c5b3f0e0-2222-4222-8222-222222222222');
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(deliveryIdOf('0b8e3f0e-1111-4111-8111-111111111111', 'c5b3f0e0-2222-4222-8222-222222222222')).toBe(a);
    expect(deliveryIdOf('0b8e3f0e-1111-4111-8111-111111111111', 'c5b3f0e0-3333-4222-8222-222222222222')).not.toBe(a);
  });

  it('signs "<timestamp>.<raw body>" with HMAC-SHA256, as v1=<hex>', () => {
    const body = deliveryBody('id-1', 'purchase.completed', '2026-01-01T00:00:00.000Z', { orderId: 'o' });
    expect(JSON.parse(body)).toEqual({ id: 'id-1', type: 'purchase.completed', createdAt: '2026-01-01T00:00:00.000Z', data: { orderId: 'o' } });
    expect(signatureOf('whsec', 1700000000, body)).toBe(`v1=${createHmac('sha256', 'whsec').update(`1700000000.${body}`).digest('hex')}`);
  });

  it('puts one signature per signing secret in the header, the current secret first, a space between', () => {
    const body = deliveryBody('id-2', 'user.registered', '2026-01-01T00:00:00.000Z', {});
    expect(signatureHeader(['whsec_new'], 1700000000, body)).toBe(signatureOf('whsec_new', 1700000000, body));
    expect(signatureHeader(['whsec_new', 'whsec_old'], 1700000000, body)).toBe(`${signatureOf('whsec_new', 1700000000, body)} ${signatureOf('whsec_old', 1700000000, body)}`);
  });

  it('refuses http, credentials, and loopback or private hosts unless allowed', () => {
    expect(urlRefusal('http://example.com/hook', false)).toMatch(/https/);
    expect(urlRefusal('https://user:pw@example.com/hook', false)).toMatch(/identifiants/);
    for (const host of ['127.0.0.1', 'localhost', '10.1.2.3', '192.168.1.1', '172.20.0.1', '169.254.169.254', '[::1]', '[fd00::1]', '[::ffff:127.0.0.1]']) {
      expect(urlRefusal(`https://${host}/hook`, false)).toMatch(/privées/);
      expect(urlRefusal(`https://${host}/hook`, true)).toBeNull();
    }
    expect(urlRefusal('https://hooks.example.com/lbf', false)).toBeNull();
    expect(isPrivateAddress('93.184.216.34')).toBe(false);
    expect(isPrivateAddress('::ffff:10.0.0.1')).toBe(true);
  });

  it('maps each public type to its SDL enum value and back', () => {
    for (const t of WEBHOOK_EVENT_TYPES) expect(fromEnumValue(toEnumValue(t))).toBe(t);
    expect(toEnumValue('contact.message_received')).toBe('CONTACT_MESSAGE_RECEIVED');
  });

  it('retries over about four hours with 8 attempts from a 2-minute first delay', () => {
    const hours = totalBackoffMs(8, 120_000) / 3_600_000;
    expect(hours).toBeGreaterThan(4);
    expect(hours).toBeLessThan(4.5);
  });
});
