import {
  campaignDone,
  confirmationDedupeKey,
  engagementOf,
  linksOf,
  NEWSLETTER_TEXT,
  rewriteLinks,
  subscribeAction,
  subscribeInput,
  textOf,
} from './rules';

describe('newsletter rules', () => {
  it('normalises the address and refuses an invalid one in French', () => {
    expect(subscribeInput.parse({ email: '  Awa.Ngo@Example.COM ', source: 'FOOTER' })).toEqual({ email: 'awa.ngo@example.com', source: 'footer' });
    for (const email of ['', 'awa', 'awa@', '@example.com', 'a b@example.com']) {
      const r = subscribeInput.safeParse({ email, source: 'CATALOGUE' });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].message).toBe(NEWSLETTER_TEXT.invalidEmail);
    }
  });

  it('sends a confirmation to new, pending and unsubscribed addresses only', () => {
    expect(subscribeAction(null)).toBe('create');
    expect(subscribeAction('pending')).toBe('reconfirm');
    expect(subscribeAction('unsubscribed')).toBe('reconfirm');
    for (const s of ['active', 'bounced', 'complained'] as const) expect(subscribeAction(s)).toBe('nothing');
  });

  it('a resent confirmation is a new mail at most once per 10 minutes', () => {
    const t = new Date('2026-11-23T10:00:00Z');
    expect(confirmationDedupeKey('a@b.c', t)).toBe(confirmationDedupeKey('a@b.c', new Date(t.getTime() + 9 * 60_000)));
    expect(confirmationDedupeKey('a@b.c', t)).not.toBe(confirmationDedupeKey('a@b.c', new Date(t.getTime() + 10 * 60_000)));
  });

  it('engagement: clickers over mails sent, or confirmations with no campaign, null with nothing to measure', () => {
    expect(engagementOf({ campaigns: [{ sent: 100, clickers: 10 }, { sent: 50, clickers: 5 }, { sent: 50, clickers: 5 }] })).toEqual({
      rate: 0.1,
      basis: 'CLICKS',
      label: 'Clics sur les 3 dernières campagnes',
    });
    expect(engagementOf({ campaigns: [{ sent: 0, clickers: 0 }] }).rate).toBeNull();
    expect(engagementOf({ asked: 4, confirmed: 3 })).toMatchObject({ rate: 0.75, basis: 'CONFIRMATIONS' });
    expect(engagementOf({ asked: 0, confirmed: 0 }).rate).toBeNull();
  });

  it('a campaign is done when fanned out and nothing waits or is in flight', () => {
    const c = { queued: 0, sending: 0, sent: 3, failed: 1, suppressed: 1 };
    expect(campaignDone(true, c)).toBe(true);
    expect(campaignDone(false, c)).toBe(false);
    expect(campaignDone(true, { ...c, sending: 1 })).toBe(false);
    expect(campaignDone(true, { ...c, queued: 1 })).toBe(false);
  });

  it('finds http(s) links in order and rewrites exactly those', () => {
    const html =
      '<p><a href="https://a.example/x?y=1&amp;z=2" target="_blank" rel="noopener noreferrer">A</a> <a href="mailto:x@y.z">M</a> <a href="http://b.example">B</a></p>';
    expect(linksOf(html)).toEqual([
      { position: 0, url: 'https://a.example/x?y=1&z=2' },
      { position: 2, url: 'http://b.example' },
    ]);
    const out = rewriteLinks(html, (p) => (p === 1 ? null : `https://site/l/${p}?q=1&r=2`));
    expect(out).toContain('<a href="https://site/l/0?q=1&amp;r=2" target="_blank"');
    expect(out).toContain('href="mailto:x@y.z"');
    expect(out).toContain('href="https://site/l/2?q=1&amp;r=2"');
    expect(out).not.toContain('a.example');
  });

  it('gives a plain-text version with the links spelled out', () => {
    expect(textOf('<h2>Titre</h2><p>Voir <a href="https://a.example/?a=1&amp;b=2">ici</a> &amp; là</p><ul><li>un</li></ul>')).toBe(
      'Titre\nVoir ici (https://a.example/?a=1&b=2) & là\n- un',
    );
  });
});
