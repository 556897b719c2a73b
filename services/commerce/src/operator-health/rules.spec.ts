import { DEFAULT_PAYMENT_HEALTH } from '../config';
import { healthStatus, lastHours, NO_ATTEMPTS, settledCount, successRate, type HealthCounts } from './rules';

const counts = (c: Partial<HealthCounts>): HealthCounts => ({ ...NO_ATTEMPTS, ...c });
const rule = DEFAULT_PAYMENT_HEALTH;

describe('operator health: the degraded rule', () => {
  it('is UNKNOWN while too few attempts settled or were paid to judge', () => {
    expect(healthStatus(NO_ATTEMPTS, rule)).toBe('UNKNOWN');
    expect(healthStatus(counts({ completed: 1, failed: 3, medianApprovalSeconds: 200 }), rule)).toBe('UNKNOWN');
  });

  it('is FAILING below 70 % paid over at least 5 settled attempts', () => {
    expect(healthStatus(counts({ completed: 3, failed: 2, medianApprovalSeconds: 20 }), rule)).toBe('FAILING'); // 60 %
    expect(healthStatus(counts({ completed: 7, failed: 3, medianApprovalSeconds: 20 }), rule)).toBe('OK'); // 70 %: not below
    expect(healthStatus(counts({ failed: 5 }), rule)).toBe('FAILING');
  });

  it('does not count timeouts as failures: many unknown, few refused, is not failing', () => {
    const c = counts({ completed: 4, failed: 1, unknown: 20, medianApprovalSeconds: 30 });
    expect(settledCount(c)).toBe(5);
    expect(successRate(c)).toBeCloseTo(0.8);
    expect(healthStatus(c, rule)).toBe('OK');
  });

  it('is SLOW when the median approval of at least 3 paid attempts is above 90 s', () => {
    expect(healthStatus(counts({ completed: 3, medianApprovalSeconds: 91 }), rule)).toBe('SLOW');
    expect(healthStatus(counts({ completed: 3, medianApprovalSeconds: 90 }), rule)).toBe('OK');
    expect(healthStatus(counts({ completed: 2, medianApprovalSeconds: 300 }), rule)).toBe('UNKNOWN');
  });

  it('says FAILING rather than SLOW when both hold', () => {
    expect(healthStatus(counts({ completed: 3, failed: 7, medianApprovalSeconds: 300 }), rule)).toBe('FAILING');
  });

  it('reads its thresholds from the config', () => {
    const strict = { ...rule, failingBelowPercent: 95, slowMedianSeconds: 10, minApprovals: 1, minSettled: 1 };
    expect(healthStatus(counts({ completed: 9, failed: 1, medianApprovalSeconds: 5 }), strict)).toBe('FAILING');
    expect(healthStatus(counts({ completed: 1, medianApprovalSeconds: 11 }), strict)).toBe('SLOW');
  });
});

describe('operator health: the chart hours', () => {
  it('gives the last hours up to the current one, oldest first', () => {
    const hours = lastHours(new Date('2026-11-27T10:42:00Z'), 24);
    expect(hours).toHaveLength(24);
    expect(new Date(hours[23]! * 3_600_000).toISOString()).toBe('2026-11-27T10:00:00.000Z');
    expect(new Date(hours[0]! * 3_600_000).toISOString()).toBe('2026-11-26T11:00:00.000Z');
  });
});
