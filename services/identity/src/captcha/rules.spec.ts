import { CAPTCHA_ALPHABET, CAPTCHA_MAX_ATTEMPTS, captchaMatches, captchaUsable, generateCaptchaText } from './rules';

describe('captcha', () => {
  it('is 5 characters drawn from A-Z and 0-9', () => {
    for (let i = 0; i < 500; i++) expect(generateCaptchaText()).toMatch(/^[A-Z0-9]{5}$/);
  });

  it('can draw every character of the alphabet, and only those', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) for (const c of generateCaptchaText()) seen.add(c);
    expect([...seen].sort().join('')).toBe([...CAPTCHA_ALPHABET].sort().join(''));
  });

  it('uses the random source it is given for each character', () => {
    const draws = [0, 25, 26, 35, 1];
    expect(generateCaptchaText(() => draws.shift()!)).toBe('AZ09B');
  });

  it('is compared case-insensitively', () => {
    expect(captchaMatches('AB3CD', 'ab3cd')).toBe(true);
    expect(captchaMatches('AB3CD', ' Ab3Cd ')).toBe(true);
  });

  it('refuses a different, shorter, longer or empty answer', () => {
    expect(captchaMatches('AB3CD', 'AB3CE')).toBe(false);
    expect(captchaMatches('AB3CD', 'AB3C')).toBe(false);
    expect(captchaMatches('AB3CD', 'AB3CDE')).toBe(false);
    expect(captchaMatches('AB3CD', '')).toBe(false);
  });

  it('can be checked until it expires, is spent, or has been tried too often', () => {
    const now = new Date('2025-01-01T12:00:00Z');
    const later = new Date('2025-01-01T12:05:00Z');
    expect(captchaUsable({ expiresAt: later, attempts: 0, usedAt: null }, now)).toBe(true);
    expect(captchaUsable({ expiresAt: now, attempts: 0, usedAt: null }, now)).toBe(false);
    expect(captchaUsable({ expiresAt: later, attempts: 0, usedAt: now }, now)).toBe(false);
    expect(captchaUsable({ expiresAt: later, attempts: CAPTCHA_MAX_ATTEMPTS - 1, usedAt: null }, now)).toBe(true);
    expect(captchaUsable({ expiresAt: later, attempts: CAPTCHA_MAX_ATTEMPTS, usedAt: null }, now)).toBe(false);
  });
});
