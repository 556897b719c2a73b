import type { CaughtMail } from './catcher';
import { esc, linksOf, listPage, mailPage } from './pages';

const mail = (over: Partial<CaughtMail>): CaughtMail => ({
  id: '00000000-0000-4000-8000-000000000001',
  receivedAt: '2026-11-23T10:00:00.000Z',
  envelopeFrom: 'no-reply@lbf.local',
  envelopeTo: ['awa@exemple.cm'],
  from: 'LBF <no-reply@lbf.local>',
  to: ['awa@exemple.cm'],
  subject: 'Bonjour',
  html: null,
  text: null,
  headerLines: [],
  messageId: null,
  size: 1,
  attachments: [],
  ...over,
});

describe("the mail catcher's pages", () => {
  it('escapes the five characters that matter in HTML text and attributes', () => {
    expect(esc(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });

  it('lists the http(s) links of an HTML part once each, unescaped, nothing else', () => {
    const html = `<a href="https://a.cm/x?y=1&amp;z=2">1</a><a href='http://b.cm'>2</a><a href="https://a.cm/x?y=1&amp;z=2">3</a><a href="javascript:alert(1)">4</a><a href="mailto:a@b.cm">5</a>`;
    expect(linksOf(html)).toEqual(['https://a.cm/x?y=1&z=2', 'http://b.cm']);
    expect(linksOf(null)).toEqual([]);
  });

  it('lists newest first and says when the box is empty', () => {
    const page = listPage([mail({ subject: 'Ancien' }), mail({ id: '00000000-0000-4000-8000-000000000002', subject: 'Récent' })], null);
    expect(page.indexOf('Récent')).toBeLessThan(page.indexOf('Ancien'));
    expect(listPage([], null)).toContain("Aucun e-mail reçu pour l'instant.");
  });

  it('links each attachment to its download, named and escaped', () => {
    const page = mailPage(mail({ attachments: [{ filename: 'recu-<LBF>.pdf', contentType: 'application/pdf', size: 2048, contentBase64: '' }] }));
    expect(page).toContain('<h2>Pièces jointes</h2>');
    expect(page).toContain('<a href="/mails/00000000-0000-4000-8000-000000000001/pieces-jointes/0">recu-&lt;LBF&gt;.pdf</a>');
    expect(page).toContain('(application/pdf, 2 Kio)');
    expect(mailPage(mail({}))).not.toContain('Pièces jointes');
  });

  it('never lets a javascript: link out of the frame, and says when a part is missing', () => {
    const page = mailPage(mail({ html: '<a href="javascript:alert(1)">x</a>' }));
    expect(page).not.toContain('href="javascript:');
    expect(page).toContain('Pas de version texte.');
    expect(mailPage(mail({ text: 'x' }))).toContain('Pas de version HTML.');
  });
});
