import { canGrant, canMarkRefunded, canStartAttempt, decideSettlement, nextPollDelay, orderAfterEnd, pastWindow, type AttemptStatus, type OrderStatus } from './order-state';

describe('decideSettlement', () => {
  it('pending stays pending', () => {
    expect(decideSettlement('pending', 'pending', 'pending')).toEqual({ kind: 'unchanged', reason: 'still-pending' });
  });

  it('pending -> completed completes the order', () => {
    expect(decideSettlement('pending', 'pending', 'completed')).toEqual({ kind: 'complete', attempt: 'completed', order: 'completed' });
  });

  it.each(['failed', 'expired', 'canceled'] as const)('pending -> %s ends attempt and order', (outcome) => {
    expect(decideSettlement('pending', 'pending', outcome)).toEqual({ kind: 'end', attempt: outcome, order: outcome });
  });

  it('completed twice is unchanged', () => {
    expect(decideSettlement('completed', 'completed', 'completed')).toEqual({ kind: 'unchanged', reason: 'already-final' });
  });

  it.each(['failed', 'expired', 'canceled'] as const)('a late %s after completed is ignored', (outcome) => {
    expect(decideSettlement('completed', 'completed', outcome).kind).toBe('ignored-late');
  });

  it.each(['failed', 'expired', 'canceled'] as AttemptStatus[])('a provider "paid" after our %s still completes the order', (attempt) => {
    expect(decideSettlement(attempt, attempt as OrderStatus, 'completed')).toEqual({ kind: 'complete', attempt: 'completed', order: 'completed' });
  });

  it('paid on an attempt whose order is already completed is a double payment', () => {
    expect(decideSettlement('expired', 'completed', 'completed')).toEqual({ kind: 'paid-twice', attempt: 'completed' });
    expect(decideSettlement('pending', 'refunded', 'completed')).toEqual({ kind: 'paid-twice', attempt: 'completed' });
  });

  it('a second final answer on an ended attempt changes nothing', () => {
    expect(decideSettlement('failed', 'failed', 'expired')).toEqual({ kind: 'unchanged', reason: 'already-final' });
    expect(decideSettlement('expired', 'expired', 'failed')).toEqual({ kind: 'unchanged', reason: 'already-final' });
  });

  it('an attempt ending on a completed order leaves the order completed', () => {
    expect(orderAfterEnd('completed', 'failed')).toBe('completed');
    expect(orderAfterEnd('refunded', 'expired')).toBe('refunded');
    expect(orderAfterEnd('pending', 'canceled')).toBe('canceled');
  });
});

describe('order transitions', () => {
  it('a new attempt starts from created, failed, expired or canceled only', () => {
    expect((['created', 'failed', 'expired', 'canceled'] as const).every(canStartAttempt)).toBe(true);
    expect((['pending', 'completed', 'refunded'] as const).some(canStartAttempt)).toBe(false);
  });

  it('refunded only from completed', () => {
    expect(canMarkRefunded('completed')).toBe(true);
    for (const s of ['created', 'pending', 'failed', 'expired', 'canceled', 'refunded'] as const) expect(canMarkRefunded(s)).toBe(false);
  });

  it('granted from anything but completed and refunded', () => {
    expect(canGrant('pending')).toBe(true);
    expect(canGrant('failed')).toBe(true);
    expect(canGrant('completed')).toBe(false);
    expect(canGrant('refunded')).toBe(false);
  });
});

describe('poller timing', () => {
  it('grows 3 s -> 10 s -> 30 s -> 60 s and repeats the last', () => {
    const d = [3000, 10000, 30000, 60000];
    expect([0, 1, 2, 3, 4, 9].map((r) => nextPollDelay(r, d, 1e9))).toEqual([3000, 10000, 30000, 60000, 60000, 60000]);
  });

  it('never waits past just after the window', () => {
    expect(nextPollDelay(3, [3000, 60000], 5000)).toBe(6000);
    expect(nextPollDelay(3, [3000, 60000], -10_000)).toBe(0);
  });

  it('knows when the window has passed', () => {
    expect(pastWindow(new Date(1000), new Date(1000))).toBe(true);
    expect(pastWindow(new Date(1001), new Date(1000))).toBe(false);
  });
});
