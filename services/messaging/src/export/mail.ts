import { RETENTION } from '@lbf/proto-events';
import { button, escapeHtml, formatDateTimeFr, greeting, paragraph, type MailContent, type SiteIdentity, type TemplateData } from '../mail';

/**
 * The data export is ready (« Exporter mes données », or an administrator's on the person's behalf):
 * the link to the archive, how long it works, and what to do if they did not ask. Sent to the
 * account's address only.
 */
export function dataExportMail(data: TemplateData['data_export'], site: SiteIdentity): MailContent {
  const title = 'Vos données sont prêtes';
  const hello = greeting(data.firstName);
  const who = data.byAdministrator
    ? `À votre demande, notre équipe a préparé l’export de vos données ${site.siteName}.`
    : `L’export de vos données ${site.siteName} que vous avez demandé est prêt.`;
  const what = 'L’archive (ZIP) contient vos données en JSON, lisibles par une machine, et vos reçus en PDF.';
  const until = `Le lien est valable ${RETENTION.exportArchiveHours} heures, jusqu’au ${formatDateTimeFr(data.expiresAt)} ; l’archive est ensuite supprimée. Ne le transférez à personne : il donne accès à vos données.`;
  const notYou = 'Si vous n’êtes pas à l’origine de cette demande, ne téléchargez rien et répondez à cet e-mail.';
  return {
    subject: `${title} – ${site.siteName}`,
    preheader: `Téléchargez l’archive de vos données avant le ${formatDateTimeFr(data.expiresAt)}.`,
    title,
    bodyHtml: [hello, who, what].map((p) => paragraph(escapeHtml(p))).join('\n') + `\n${button('Télécharger mes données', data.downloadUrl)}\n${paragraph(escapeHtml(until))}\n${paragraph(escapeHtml(notYou))}`,
    bodyText: [hello, '', who, what, '', `Télécharger mes données : ${data.downloadUrl}`, '', until, '', notYou].join('\n'),
  };
}
