import { button, escapeHtml, paragraph, type MailContent, type SiteIdentity, type TemplateData } from '../mail';

/** To the administrator who created it: the subscription failed too often and was paused, how to resume it. */
export function webhookPausedMail(data: TemplateData['webhook_paused'], site: SiteIdentity): MailContent {
  const intro = `Le webhook vers ${data.url} a échoué ${data.failures} fois d’affilée : il a été mis en pause et ne reçoit plus d’événements.`;
  const last = data.lastError ? `Dernière erreur : ${data.lastError}` : '';
  const next = 'Vérifiez que l’adresse répond (HTTPS, réponse 2xx en moins de 10 secondes), puis réactivez-le dans le back-office : les livraisons en attente repartiront.';
  const url = `${site.publicUrl}/admin/webhooks`;
  return {
    subject: 'Webhook mis en pause',
    preheader: 'Un webhook a été mis en pause après des échecs répétés.',
    title: 'Webhook mis en pause',
    bodyHtml: [paragraph(escapeHtml(intro)), last ? paragraph(escapeHtml(last)) : '', paragraph(escapeHtml(next)), button('Ouvrir les webhooks', url)].filter(Boolean).join('\n'),
    bodyText: [intro, last, next, `Ouvrir les webhooks : ${url}`].filter(Boolean).join('\n\n'),
  };
}
