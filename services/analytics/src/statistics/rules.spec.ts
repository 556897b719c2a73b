import { addDays } from '../shared/site-day';
import { percent, periodEnding, ratio, statisticsArgs } from './rules';

describe('the statistics period', () => {
  it('is 30 days by default and 1 to 366 days otherwise', () => {
    expect(statisticsArgs.parse({}).days).toBe(30);
    expect(statisticsArgs.parse({ days: null }).days).toBe(30);
    expect(statisticsArgs.parse({ days: 1 }).days).toBe(1);
    expect(statisticsArgs.parse({ days: 366 }).days).toBe(366);
    for (const days of [0, -3, 367, 2.5]) expect(statisticsArgs.safeParse({ days }).success).toBe(false);
  });

  it('ends today and counts today among its days, across months and leap days', () => {
    expect(periodEnding('2025-06-30', 30)).toEqual({ from: '2025-06-01', to: '2025-06-30' });
    expect(periodEnding('2025-06-30', 1)).toEqual({ from: '2025-06-30', to: '2025-06-30' });
    expect(periodEnding('2024-03-01', 2)).toEqual({ from: '2024-02-29', to: '2024-03-01' });
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
  });
});

describe('rates', () => {
  it('keep one decimal and are 0 without a denominator', () => {
    expect(percent(1, 3)).toBe(33.3);
    expect(percent(2, 3)).toBe(66.7);
    expect(percent(5, 0)).toBe(0);
    expect(ratio(7, 2)).toBe(3.5);
    expect(ratio(10, 3)).toBe(3.3);
    expect(ratio(1, 0)).toBe(0);
  });
});
