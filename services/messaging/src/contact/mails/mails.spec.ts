import { renderContent, type SiteIdentity } from '../../mail';
import { contactAcknowledgementMail } from './acknowledgement';
import { contactReplyMail } from './reply';

const site: SiteIdentity = { siteName: 'LBF', logoUrl: null, contactEmail: 'contact@lbf.test', contactPhone: '+237 600 00 00 00', publicUrl: 'https://lbf.example' };
const evil = '<script>alert("x")</script>';

describe('contact mail templates', () => {
  it('contact acknowledgement repeats the message, escaped, line breaks kept', () => {
    const mail = renderContent(contactAcknowledgementMail({ name: 'Paul', subjectLabel: 'Support technique', message: `Bonjour,\nma vidéo ne démarre pas ${evil}` }, site), site);
    expect(mail.html).toContain('ma vidéo ne démarre pas &lt;script&gt;');
    expect(mail.html).toContain('Bonjour,<br>ma vidéo');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('> Bonjour,\n> ma vidéo ne démarre pas');
    expect(mail.text).toContain('Support technique');
  });

  it('contact reply: the reply first, then their original message quoted', () => {
    const mail = renderContent(
      contactReplyMail({ name: 'Paul', body: 'Voici la solution.', subjectLabel: 'Support technique', originalMessage: 'Ma vidéo <ne> démarre pas', originalReceivedAt: '2026-11-20T09:15:00Z' }, site),
      site,
    );
    expect(mail.subject).toBe('Re: Support technique – LBF');
    expect(mail.text.indexOf('Voici la solution.')).toBeLessThan(mail.text.indexOf('> Ma vidéo <ne> démarre pas'));
    expect(mail.html.indexOf('Voici la solution.')).toBeLessThan(mail.html.indexOf('Ma vidéo &lt;ne&gt; démarre pas'));
    expect(mail.text).toContain('Le 20 novembre 2026 à 10:15, vous avez écrit :');
  });
});
