import { renderContent } from '../render';
import type { SiteIdentity } from '../layout';
import { accountDeletionMail } from './account-deletion';
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

  it('account deletion: its date in Cameroon time, what is kept, how to cancel; who asked', () => {
    const mine = renderContent(accountDeletionMail({ firstName: 'Awa', scheduledFor: '2026-12-23T18:05:00Z', byAdministrator: false }, site), site);
    expect(mine.subject).toBe('Suppression de votre compte – LBF');
    expect(mine.text).toContain('Vous avez demandé la suppression de votre compte LBF.');
    expect(mine.text).toContain('Votre compte sera supprimé le 23 décembre 2026 à 19:05.');
    expect(mine.text).toContain('vos commandes et reçus sont conservés pour la durée légale');
    expect(mine.text).toContain('« Annuler la suppression »');
    expect(mine.html).toContain('href="https://lbf.example/auth"');
    const forThem = renderContent(accountDeletionMail({ firstName: 'Awa', scheduledFor: '2026-12-23T18:05:00Z', byAdministrator: true }, site), site);
    expect(forThem.text).toContain('Notre équipe a reçu votre demande de suppression de votre compte LBF.');
    expect(forThem.text).toContain('si vous n’êtes pas à l’origine de cette demande');
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

  it('purchase receipt with a promo code: the price, the code and its discount in both currencies, and what was paid', () => {
    const data = {
      firstName: 'Awa',
      receiptNumber: 'LBF-2026-000008',
      orderId: '6f1d2a44-5d7b-4a3e-9e0b-2f1c3d4e5f61',
      itemTitle: 'Tisanes du soir',
      itemType: 'video' as const,
      amountXaf: 1885,
      amountUsdCents: 288,
      promo: { code: 'SOLDES20', discountXaf: 471, discountUsdCents: 71 },
      provider: 'orange' as const,
      operatorTransactionId: 'MP-1',
      completedAt: '2026-11-27T10:00:00Z',
    };
    const mail = renderContent(purchaseReceiptMail(data, site), site);
    expect(mail.text).toContain('Prix : 2 356 FCFA (3,59 $)');
    expect(mail.text).toContain('Code promo : SOLDES20');
    expect(mail.text).toContain('Remise : -471 FCFA (-0,71 $)');
    expect(mail.text).toContain('Montant payé : 1 885 FCFA (2,88 $)');
    expect(mail.html).toContain('SOLDES20');
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
