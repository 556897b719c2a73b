import { escapeHtml, greeting, paragraph, quoteBlock, quoteText, textToHtml, type MailContent, type SiteIdentity, type TemplateData } from '../../mail';

export function contactAcknowledgementMail(data: TemplateData['contact_acknowledgement'], site: SiteIdentity): MailContent {
  const title = 'Nous avons bien reçu votre message';
  const hello = greeting(data.name);
  const intro = `Merci de nous avoir écrit. Votre message (« ${data.subjectLabel} ») est bien arrivé : nous vous répondrons à cette adresse dans les meilleurs délais.`;
  const hours = 'Nous répondons du lundi au vendredi, de 9h à 18h.';
  const recap = 'Votre message :';
  return {
    subject: `Nous avons bien reçu votre message – ${site.siteName}`,
    preheader: `Votre message « ${data.subjectLabel} » est bien arrivé.`,
    title,
    bodyHtml: [paragraph(escapeHtml(hello)), paragraph(escapeHtml(intro)), paragraph(escapeHtml(hours)), paragraph(escapeHtml(recap)), quoteBlock(textToHtml(data.message))].join('\n'),
    bodyText: [hello, '', intro, '', hours, '', recap, quoteText(data.message)].join('\n'),
  };
}
