import { loggableHeaders, webhookDedupeKey } from './rules';

describe('webhook helpers', () => {
  it('drops credentials from logged headers', () => {
    expect(loggableHeaders({ 'x-lbf-gateway-secret': 's', authorization: 'Bearer x', 'x-auth-token': 't', 'content-type': 'application/json', 'x-a': ['1', '2'] })).toEqual({
      'content-type': 'application/json',
      'x-a': '1, 2',
    });
  });

  it('dedupes on the event id, else the body, and keeps refused ones apart', () => {
    const body = Buffer.from('{"a":1}');
    expect(webhookDedupeKey('notchpay', body, { valid: true, eventId: 'evt_1' })).toBe('notchpay:event:evt_1');
    expect(webhookDedupeKey('mtn', body, { valid: true, eventId: null })).toMatch(/^mtn:body:[0-9a-f]{64}$/);
    expect(webhookDedupeKey('notchpay', body, { valid: false })).toMatch(/^notchpay:invalid:/);
    expect(webhookDedupeKey('mtn', body, { valid: true })).toBe(webhookDedupeKey('mtn', Buffer.from('{"a":1}'), { valid: true }));
  });
});
