import { describe, expect, it } from '@jest/globals';
import { inboxText } from '../i18n/messaging';
import { isNewsletterEmail } from './email';

describe('the newsletter boxes check the address', () => {
  it('takes an address, trimmed', () => {
    expect(isNewsletterEmail('awa@exemple.cm')).toBe(true);
    expect(isNewsletterEmail('  awa.ngono+lbf@exemple.cm ')).toBe(true);
  });

  it('refuses what is not one', () => {
    for (const bad of ['', 'awa', 'awa@', 'awa@exemple', '@exemple.cm', 'awa @exemple.cm', `${'a'.repeat(250)}@exemple.cm`]) {
      expect(isNewsletterEmail(bad)).toBe(false);
    }
  });
});

describe('the unread badge says how many in words', () => {
  it('one and several', () => {
    expect(inboxText.unreadCount(1)).toBe('1 message non lu');
    expect(inboxText.unreadCount(3)).toBe('3 messages non lus');
  });
});
