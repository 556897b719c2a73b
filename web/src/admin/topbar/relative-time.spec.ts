import { describe, expect, it } from '@jest/globals';
import { formatRelative } from './relative-time';

describe('formatRelative (the bell, in French)', () => {
  const now = Date.parse('2026-03-05T12:00:00Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it('says the moment, minutes, hours, yesterday and days ago', () => {
    expect(formatRelative(ago(10), now)).toBe("à l'instant");
    expect(formatRelative(ago(5 * 60), now)).toBe('il y a 5 minutes');
    expect(formatRelative(ago(3 * 3600), now)).toBe('il y a 3 heures');
    expect(formatRelative(ago(26 * 3600), now)).toBe('hier');
    expect(formatRelative(ago(3 * 86400), now)).toBe('il y a 3 jours');
    expect(formatRelative(ago(20 * 86400), now)).toBe('il y a 3 semaines');
  });

  it('shows nothing for a date that does not parse', () => {
    expect(formatRelative('not a date', now)).toBe('');
  });
});
