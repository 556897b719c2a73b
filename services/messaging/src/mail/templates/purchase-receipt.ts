import { formatDateTimeFr, formatXaf, PAYMENT_METHOD_LABELS } from '../format';
import type { TemplateData } from '../template-data';
import { escapeHtml } from '../escape';
import { amountRows } from '../receipt-document';
import type { SiteIdentity } from '../layout';
import { BRAND_COLOR, button, greeting, paragraph, type MailContent } from './parts';

/** The receipt's lines, label then value, shared by the HTML table and the text part. */
export function receiptLines(data: TemplateData['purchase_receipt']): Array<[string, string]> {
  const lines: Array<[string, string]> = [
    ['Reçu n°', data.receiptNumber],
    [data.itemType === 'video' ? 'Vidéo' : 'Guide PDF', data.itemTitle],
    ...amountRows(data),
    ['Moyen de paiement', PAYMENT_METHOD_LABELS[data.provider]],
  ];
  if (data.operatorTransactionId) lines.push(['Transaction de l’opérateur', data.operatorTransactionId]);
  lines.push(['Date', formatDateTimeFr(data.completedAt)]);
  return lines;
}

export function purchaseReceiptMail(data: TemplateData['purchase_receipt'], site: SiteIdentity): MailContent {
  const title = 'Merci pour votre achat';
  const hello = greeting(data.firstName);
  const intro = `Votre achat est confirmé. Vous avez désormais un accès à vie à « ${data.itemTitle} ».`;
  const dashboardUrl = `${site.publicUrl}/dashboard`;
  const receiptUrl = `${site.publicUrl}/recu/${encodeURIComponent(data.orderId)}`;
  const lines = receiptLines(data);
  const rows = lines
    .map(
      ([label, value]) =>
        `<tr><td style="padding:6px 12px 6px 0;color:#6b7280;vertical-align:top;white-space:nowrap;">${escapeHtml(label)}</td><td style="padding:6px 0;font-weight:bold;word-break:break-word;">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  return {
    subject: `Votre reçu ${data.receiptNumber} – ${site.siteName}`,
    preheader: `${data.itemTitle} : ${formatXaf(data.amountXaf)}`,
    title,
    bodyHtml: [
      paragraph(escapeHtml(hello)),
      paragraph(escapeHtml(intro)),
      `<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="margin:0 0 24px 0;font-size:15px;line-height:22px;border-top:1px solid #e5e7eb;border-bottom:1px solid #e5e7eb;">\n${rows}\n</table>`,
      button('Accéder à mon tableau de bord', dashboardUrl),
      paragraph(`Votre reçu en ligne : <a href="${escapeHtml(receiptUrl)}" style="color:${BRAND_COLOR};">${escapeHtml(receiptUrl)}</a>`),
    ].join('\n'),
    bodyText: [
      hello,
      '',
      intro,
      '',
      ...lines.map(([label, value]) => `${label} : ${value}`),
      '',
      `Accéder à mon tableau de bord : ${dashboardUrl}`,
      `Votre reçu en ligne : ${receiptUrl}`,
    ].join('\n'),
  };
}
