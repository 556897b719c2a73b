import type { TemplateData } from '../template-data';
import { escapeHtml } from '../escape';
import type { SiteIdentity } from '../layout';
import { button, greeting, paragraph, type MailContent } from './parts';

export function passwordResetMail(data: TemplateData['password_reset'], site: SiteIdentity): MailContent {
  const title = 'Réinitialisation de votre mot de passe';
  const hello = greeting(data.firstName);
  const intro = `Vous avez demandé à réinitialiser le mot de passe de votre compte ${site.siteName}.`;
  const action = 'Cliquez sur le bouton ci-dessous pour choisir un nouveau mot de passe. Ce lien est valable 1 heure et ne peut servir qu’une fois.';
  const ignore = 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.';
  return {
    subject: `${title} – ${site.siteName}`,
    preheader: 'Choisissez un nouveau mot de passe (lien valable 1 heure).',
    title,
    bodyHtml: [
      paragraph(escapeHtml(hello)),
      paragraph(escapeHtml(intro)),
      paragraph(escapeHtml(action)),
      button('Choisir un nouveau mot de passe', data.resetUrl),
      paragraph(escapeHtml(ignore)),
    ].join('\n'),
    bodyText: [hello, '', intro, '', action, '', data.resetUrl, '', ignore].join('\n'),
  };
}
