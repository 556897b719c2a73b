import { describe, expect, it } from '@jest/globals';
import type { PaymentHealthStatus, PaymentMethod } from '@/generated/graphql';
import { healthWarning } from './operator-health';

const methods = (statuses: Record<PaymentMethod, PaymentHealthStatus>) =>
  (Object.entries(statuses) as Array<[PaymentMethod, PaymentHealthStatus]>).map(([method, status]) => ({ method, health: { status } }));

describe("the payment dialog's operator warning", () => {
  it('says nothing when the chosen operator is OK or too little is known', () => {
    expect(healthWarning(methods({ ORANGE: 'OK', MTN: 'FAILING', NOTCHPAY: 'SLOW' }), 'ORANGE')).toBeNull();
    expect(healthWarning(methods({ ORANGE: 'UNKNOWN', MTN: 'OK', NOTCHPAY: 'OK' }), 'ORANGE')).toBeNull();
  });

  it('warns of a slow or failing operator and suggests a healthy one, OK before unknown', () => {
    expect(healthWarning(methods({ ORANGE: 'SLOW', MTN: 'UNKNOWN', NOTCHPAY: 'OK' }), 'ORANGE')).toEqual({ status: 'SLOW', instead: 'NOTCHPAY' });
    expect(healthWarning(methods({ ORANGE: 'OK', MTN: 'FAILING', NOTCHPAY: 'OK' }), 'MTN')).toEqual({ status: 'FAILING', instead: 'ORANGE' });
    expect(healthWarning(methods({ ORANGE: 'FAILING', MTN: 'UNKNOWN', NOTCHPAY: 'SLOW' }), 'ORANGE')).toEqual({ status: 'FAILING', instead: 'MTN' });
  });

  it('suggests nothing when every other operator is degraded too', () => {
    expect(healthWarning(methods({ ORANGE: 'SLOW', MTN: 'FAILING', NOTCHPAY: 'SLOW' }), 'ORANGE')).toEqual({ status: 'SLOW', instead: null });
  });
});
