import { button, escapeHtml, paragraph, type MailContent, type SiteIdentity, type TemplateData } from '../mail';

export function newsletterConfirmationMail(data: TemplateData['newsletter_confirmation'], site: SiteIdentity): MailContent {
  const title = 'Confirmez votre abonnement';
  const intro = `Vous avez demandé à recevoir la newsletter de ${site.siteName}. Pour confirmer votre abonnement, cliquez sur le bouton ci-dessous.`;
  const nothing = 'Tant que vous n’avez pas confirmé, vous ne recevrez aucune newsletter. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : il ne se passera rien.';
  return {
    subject: `Confirmez votre abonnement à la newsletter – ${site.siteName}`,
    preheader: 'Un clic pour confirmer votre abonnement.',
    title,
    bodyHtml: [paragraph('Bonjour,'), paragraph(escapeHtml(intro)), button('Confirmer mon abonnement', data.confirmUrl), paragraph(escapeHtml(nothing))].join('\n'),
    bodyText: ['Bonjour,', '', intro, '', `Confirmer mon abonnement : ${data.confirmUrl}`, '', nothing].join('\n'),
  };
}
