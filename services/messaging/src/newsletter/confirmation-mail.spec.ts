import { renderContent, type SiteIdentity } from '../mail';
import { newsletterConfirmationMail } from './confirmation-mail';

const site: SiteIdentity = { siteName: 'LBF', logoUrl: null, contactEmail: 'contact@lbf.test', contactPhone: '+237 600 00 00 00', publicUrl: 'https://lbf.example' };

describe('newsletter mail templates', () => {
  it('newsletter confirmation: the confirm link in both parts, and nothing happens until confirmed', () => {
    const url = 'https://lbf.example/newsletter/confirmer?token=t0k';
    const mail = renderContent(newsletterConfirmationMail({ confirmUrl: url }, site), site);
    expect(mail.subject).toContain('Confirmez votre abonnement');
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.text).toContain(url);
    expect(mail.text).toContain('Tant que vous n’avez pas confirmé, vous ne recevrez aucune newsletter.');
  });
});
