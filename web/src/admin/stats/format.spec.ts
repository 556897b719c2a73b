import { describe, expect, it } from '@jest/globals';
import { formatDuration, formatGrowth, formatLongDay, formatPercent, formatShortDay } from './format';

/** Intl's French output uses no-break spaces; compare with plain ones. */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('the statistics in French', () => {
  it('names a rollup day as it is in Douala, short on the axis and long in the tooltip', () => {
    expect(formatShortDay('2025-11-23')).toBe('23 nov.');
    expect(formatShortDay('2026-01-01')).toBe('1 janv.');
    expect(formatLongDay('2025-11-23')).toBe('dimanche 23 novembre 2025');
    // Something that is not a day is shown as it came rather than as a wrong date.
    expect(formatShortDay('bientôt')).toBe('bientôt');
  });

  it('shows percentages with a decimal comma and durations in minutes and seconds', () => {
    expect(plain(formatPercent(12.5))).toBe('12,5 %');
    expect(plain(formatPercent(0))).toBe('0 %');
    expect(formatDuration(125)).toBe('2 min 05 s');
    expect(formatDuration(45.4)).toBe('45 s');
    expect(formatDuration(3780)).toBe('1 h 03 min');
    expect(formatDuration(-3)).toBe('0 s');
  });

  it("computes 'Croissance' as purchases per user, rounded, with a plus sign, even without users", () => {
    expect(plain(formatGrowth(3, 7))).toBe('+43 %');
    expect(plain(formatGrowth(0, 0))).toBe('+0 %');
    expect(plain(formatGrowth(2, 0))).toBe('+200 %');
  });
});
