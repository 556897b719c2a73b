import { escapeHtml, formatDateTimeFr, greeting, paragraph, quoteBlock, quoteText, textToHtml, type MailContent, type SiteIdentity, type TemplateData } from '../../mail';

export function contactReplyMail(data: TemplateData['contact_reply'], site: SiteIdentity): MailContent {
  const title = `Réponse à votre message : ${data.subjectLabel}`;
  const hello = greeting(data.name);
  const original = `Le ${formatDateTimeFr(data.originalReceivedAt)}, vous avez écrit :`;
  return {
    subject: `Re: ${data.subjectLabel} – ${site.siteName}`,
    title,
    bodyHtml: [paragraph(escapeHtml(hello)), textToHtml(data.body), `<hr style="border:0;border-top:1px solid #e5e7eb;margin:24px 0;">`, paragraph(escapeHtml(original)), quoteBlock(textToHtml(data.originalMessage))].join('\n'),
    bodyText: [hello, '', data.body.trim(), '', '', original, quoteText(data.originalMessage)].join('\n'),
  };
}
