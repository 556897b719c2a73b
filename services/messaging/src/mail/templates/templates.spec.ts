import { renderContent } from '../render';
import type { SiteIdentity } from '../layout';
import { passwordResetMail } from './password-reset';
import { purchaseReceiptMail } from './purchase-receipt';
import { welcomeMail } from './welcome';

const site: SiteIdentity = { siteName: 'LBF', logoUrl: null, contactEmail: 'contact@lbf.test', contactPhone: '+237 600 00 00 00', publicUrl: 'https://lbf.example' };
const evil = '<script>alert("x")</script>';

describe('mail templates', () => {
  it('password reset: French subject, link in HTML and text, valid 1 h, the ignore line, names escaped', () => {
    const url = 'https://lbf.example/auth/reinitialiser?token=abc&x=1';
    const mail = renderContent(passwordResetMail({ firstName: evil, resetUrl: url, expiresAt: '2026-11-23T20:00:00Z' }, site), site);
    expect(mail.subject).toBe('Réinitialisation de votre mot de passe – LBF');
    expect(mail.html).toContain('href="https://lbf.example/auth/reinitialiser?token=abc&amp;x=1"');
    expect(mail.text).toContain(url);
    expect(mail.text).toContain('valable 1 heure');
    expect(mail.text).toContain('Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.text).toContain(`Bonjour ${evil},`);
  });

  it('welcome: greets by first name, links to the videos and the dashboard', () => {
    const mail = renderContent(welcomeMail({ firstName: 'Awa' }, site), site);
    expect(mail.subject).toBe('Bienvenue sur LBF');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('https://lbf.example/videos');
      expect(part).toContain('https://lbf.example/dashboard');
    }
    expect(mail.text).toContain('Bonjour Awa,');
  });

  it('purchase receipt: FCFA amount the French way, method labels, operator id, links', () => {
    const data = {
      firstName: null,
      receiptNumber: 'LBF-2026-000007',
      orderId: '6f1d2a44-5d7b-4a3e-9e0b-2f1c3d4e5f60',
      itemTitle: 'Guide <pratique>',
      itemType: 'pdf' as const,
      amountXaf: 1234567,
      amountUsdCents: 199900,
      provider: 'mtn' as const,
      operatorTransactionId: '987654321',
      completedAt: '2026-12-31T23:30:00Z',
    };
    const mail = renderContent(purchaseReceiptMail(data, site), site);
    expect(mail.subject).toBe('Votre reçu LBF-2026-000007 – LBF');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('1 234 567 FCFA');
      expect(part).toContain('1 999,00 $');
      expect(part).toContain('MTN Mobile Money');
      expect(part).toContain('987654321');
      expect(part).toContain('https://lbf.example/dashboard');
      expect(part).toContain('https://lbf.example/recu/6f1d2a44-5d7b-4a3e-9e0b-2f1c3d4e5f60');
      expect(part).toContain('1 janvier 2027 à 00:30'); // Douala time
    }
    expect(mail.text).toContain('Bonjour,');
    expect(mail.text).toContain('Guide PDF : Guide <pratique>');
    expect(mail.html).toContain('Guide &lt;pratique&gt;');

    const manual = renderContent(purchaseReceiptMail({ ...data, provider: 'manual', operatorTransactionId: null, amountXaf: 2355 }, site), site);
    expect(manual.text).toContain('2 355 FCFA');
    expect(manual.text).toContain('Attribué par un administrateur');
    expect(manual.text).not.toContain('Transaction de l’opérateur');
    expect(renderContent(purchaseReceiptMail({ ...data, provider: 'orange' }, site), site).text).toContain('Orange Money');
    expect(renderContent(purchaseReceiptMail({ ...data, provider: 'notchpay' }, site), site).text).toContain('NotchPay');
  });
});
