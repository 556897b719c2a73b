import {
  failureKind,
  mtnOutcome,
  mtnReasonCode,
  notchPayEventOutcome,
  notchPayOutcome,
  orangeInitRefused,
  orangeOutcome,
  providerOutcome,
} from './statuses';

describe('NotchPay statuses', () => {
  it.each([
    ['pending', 'pending'],
    ['processing', 'pending'],
    ['incomplete', 'pending'],
    ['hold', 'pending'],
    ['complete', 'completed'],
    ['failed', 'failed'],
    ['rejected', 'failed'],
    ['canceled', 'canceled'],
    ['abandoned', 'canceled'],
    ['expired', 'expired'],
    ['refunded', 'canceled'],
    ['partialy-refunded', 'canceled'],
    ['something-new', 'pending'],
    ['', 'pending'],
  ])('%s -> %s', (raw, outcome) => {
    expect(notchPayOutcome(raw)).toBe(outcome);
  });

  it('reads webhook events, null for events that are not about a payment', () => {
    expect(notchPayEventOutcome('payment.complete')).toBe('completed');
    expect(notchPayEventOutcome('payment.failed')).toBe('failed');
    expect(notchPayEventOutcome('payment.canceled')).toBe('canceled');
    expect(notchPayEventOutcome('payment.expired')).toBe('expired');
    expect(notchPayEventOutcome('payment.created')).toBe('pending');
    expect(notchPayEventOutcome('transfer.sent')).toBeNull();
    expect(notchPayEventOutcome(undefined)).toBeNull();
  });
});

describe('MTN MoMo statuses', () => {
  it.each([
    ['PENDING', undefined, 'pending'],
    ['SUCCESSFUL', undefined, 'completed'],
    ['FAILED', { code: 'APPROVAL_REJECTED', message: 'x' }, 'failed'],
    ['FAILED', 'APPROVAL_REJECTED', 'failed'],
    ['FAILED', 'INTERNAL_PROCESSING_ERROR', 'failed'],
    ['FAILED', { code: 'COULD_NOT_PERFORM_TRANSACTION' }, 'expired'],
    ['FAILED', 'EXPIRED', 'expired'],
    ['FAILED', 'TRANSACTION_CANCELED', 'canceled'],
    ['FAILED', undefined, 'failed'],
    ['REJECTED', undefined, 'failed'],
    ['TIMEOUT', undefined, 'expired'],
    ['CREATED', undefined, 'pending'],
  ])('%s (%j) -> %s', (raw, reason, outcome) => {
    expect(mtnOutcome(raw, reason)).toBe(outcome);
  });

  it('accepts the reason as an object or a string', () => {
    expect(mtnReasonCode({ code: 'NOT_ENOUGH_FUNDS', message: 'no' })).toBe('NOT_ENOUGH_FUNDS');
    expect(mtnReasonCode('PAYER_NOT_FOUND')).toBe('PAYER_NOT_FOUND');
    expect(mtnReasonCode(null)).toBeNull();
    expect(mtnReasonCode({})).toBeNull();
  });
});

describe('Orange Money statuses', () => {
  it.each([
    ['PENDING', 'pending'],
    ['INITIATED', 'pending'],
    ['SUCCESSFULL', 'completed'],
    ['SUCCESSFUL', 'completed'],
    ['FAILED', 'failed'],
    ['EXPIRED', 'expired'],
    ['CANCELLED', 'canceled'],
  ])('%s -> %s', (raw, outcome) => {
    expect(orangeOutcome(raw)).toBe(outcome);
  });

  it('reads inittxnstatus: 200 accepted, 60019 refused', () => {
    expect(orangeInitRefused('200')).toBeNull();
    expect(orangeInitRefused(undefined)).toBeNull();
    expect(orangeInitRefused('60019')).toBe('60019');
  });
});

describe('providerOutcome and failure kinds', () => {
  it('dispatches by provider', () => {
    expect(providerOutcome('notchpay', 'complete')).toBe('completed');
    expect(providerOutcome('mtn', 'SUCCESSFUL')).toBe('completed');
    expect(providerOutcome('orange', 'SUCCESSFULL')).toBe('completed');
  });

  it('says what a failure means for the customer', () => {
    expect(failureKind('failed', '60019')).toBe('insufficient_funds');
    expect(failureKind('failed', 'NOT_ENOUGH_FUNDS')).toBe('insufficient_funds');
    expect(failureKind('failed', 'INTERNAL_PROCESSING_ERROR')).toBe('insufficient_funds');
    expect(failureKind('failed', 'APPROVAL_REJECTED')).toBe('declined');
    expect(failureKind('failed', 'PAYER_NOT_FOUND')).toBe('unknown_number');
    expect(failureKind('expired', 'COULD_NOT_PERFORM_TRANSACTION')).toBe('expired');
    expect(failureKind('expired', null)).toBe('expired');
    expect(failureKind('canceled', null)).toBe('canceled');
    expect(failureKind('failed', null)).toBe('declined');
    expect(failureKind('failed', 'NOT_ALLOWED')).toBe('other');
  });
});
