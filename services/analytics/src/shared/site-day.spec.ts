import { previousDay, siteDay } from './site-day';

describe('the site day', () => {
  it('is the calendar day in the site time zone, not in UTC', () => {
    const lateEveningUtc = new Date('2025-03-10T23:30:00Z');
    expect(siteDay(lateEveningUtc, 'Asia/Tokyo')).toBe('2025-03-11');
    expect(siteDay(lateEveningUtc, 'UTC')).toBe('2025-03-10');
    expect(siteDay(lateEveningUtc, 'America/New_York')).toBe('2025-03-10');
  });

  it('turns over at midnight in Douala, which is UTC+1 all year', () => {
    expect(siteDay(new Date('2025-07-31T22:59:59Z'), 'Africa/Douala')).toBe('2025-07-31');
    expect(siteDay(new Date('2025-07-31T23:00:00Z'), 'Africa/Douala')).toBe('2025-08-01');
    expect(siteDay(new Date('2025-01-15T23:00:00Z'), 'Africa/Douala')).toBe('2025-01-16');
  });

  it('crosses the new year in a zone behind UTC', () => {
    expect(siteDay(new Date('2026-01-01T03:00:00Z'), 'America/Los_Angeles')).toBe('2025-12-31');
  });

  it('knows the day before, across months, years and leap days', () => {
    expect(previousDay('2025-03-01')).toBe('2025-02-28');
    expect(previousDay('2024-03-01')).toBe('2024-02-29');
    expect(previousDay('2026-01-01')).toBe('2025-12-31');
    expect(previousDay('2025-07-15')).toBe('2025-07-14');
  });
});
