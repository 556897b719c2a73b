import { linkStatus, receiptText, SMS_LENGTH } from './rules';

describe('pay-links rules', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  const later = new Date('2026-12-01T12:00:00Z');

  it('a link is paid before anything else, then under way, owned, expired, else open', () => {
    expect(linkStatus({ paid: true, live: false, owned: true, expiresAt: now, now })).toBe('PAID');
    expect(linkStatus({ paid: false, live: true, owned: false, expiresAt: now, now })).toBe('PENDING');
    expect(linkStatus({ paid: false, live: false, owned: true, expiresAt: later, now })).toBe('OWNED');
    expect(linkStatus({ paid: false, live: false, owned: false, expiresAt: now, now })).toBe('EXPIRED');
    expect(linkStatus({ paid: false, live: false, owned: false, expiresAt: later, now })).toBe('OPEN');
  });

  it('the receipt fits in an SMS, the title shortened when long', () => {
    const short = receiptText({ xaf: 2356, title: 'Tisanes du soir', firstName: 'Awa', receiptNumber: 'LBF-2026-000042' });
    expect(short).toBe('LBF : 2 356 FCFA payés pour « Tisanes du soir » (pour Awa). Reçu LBF-2026-000042. Merci !');
    const long = receiptText({ xaf: 2356, title: 'Très long titre '.repeat(20), firstName: 'Awa', receiptNumber: 'LBF-2026-000042' });
    expect(long.length).toBeLessThanOrEqual(SMS_LENGTH);
    expect(long).toContain('… » (pour Awa). Reçu LBF-2026-000042. Merci !');
  });
});
