import { button, escapeHtml, formatDateTimeFr, formatXaf, greeting, paragraph, PAYMENT_METHOD_LABELS, type MailContent, type SiteIdentity, type TemplateData } from '../mail';

/** Who paid, as the requester is told: the first name the payer gave, else « Quelqu'un ». */
export function payerLabel(payerName: string | null): string {
  return payerName?.trim() || 'Quelqu’un';
}

/** The requester's notice: someone paid their « Payer pour moi » link; the item is in their library. */
export function payLinkPaidMail(data: TemplateData['pay_link_paid'], site: SiteIdentity): MailContent {
  const what = data.itemType === 'video' ? 'la vidéo' : 'le guide';
  const who = payerLabel(data.payerName);
  const title = `${who} a payé « ${data.itemTitle} » pour vous`;
  const hello = greeting(data.firstName);
  const intro = `${who} a payé ${what} « ${data.itemTitle} » (${formatXaf(data.amountXaf)}) grâce à votre lien « Payer pour moi », le ${formatDateTimeFr(data.completedAt)}.`;
  const access = 'Le contenu est dans votre bibliothèque, à vous pour toujours.';
  const receipt = `Reçu ${data.receiptNumber}.`;
  const url = `${site.publicUrl}/dashboard`;
  return {
    subject: title,
    preheader: access,
    title,
    bodyHtml: [paragraph(escapeHtml(hello)), paragraph(escapeHtml(intro)), paragraph(escapeHtml(access)), button('Ouvrir ma bibliothèque', url), paragraph(escapeHtml(receipt))].join('\n'),
    bodyText: [hello, '', intro, '', access, '', `Ouvrir ma bibliothèque : ${url}`, '', receipt].join('\n'),
  };
}

/** The payer's receipt (they have no account): what they paid, for whom, the receipt number. */
export function payLinkReceiptMail(data: TemplateData['pay_link_receipt'], site: SiteIdentity): MailContent {
  const title = `Reçu ${data.receiptNumber}`;
  const hello = greeting(data.payerName);
  const forWhom = data.requesterFirstName ? ` pour ${data.requesterFirstName}` : '';
  const intro = `Merci ! Vous avez payé « ${data.itemTitle} »${forWhom} sur ${site.siteName}. Le contenu est dans sa bibliothèque.`;
  const lines: Array<[string, string]> = [
    ['Reçu', data.receiptNumber],
    ['Contenu', data.itemTitle],
    ['Montant', formatXaf(data.amountXaf)],
    ['Moyen de paiement', PAYMENT_METHOD_LABELS[data.provider]],
    ['Date', formatDateTimeFr(data.completedAt)],
  ];
  const why = 'Vous recevez ce reçu parce que vous avez donné cette adresse en payant un lien « Payer pour moi ». Aucun compte n’a été créé.';
  return {
    subject: title,
    preheader: `${formatXaf(data.amountXaf)} payés pour « ${data.itemTitle} ».`,
    title,
    bodyHtml: [
      paragraph(escapeHtml(hello)),
      paragraph(escapeHtml(intro)),
      paragraph(lines.map(([k, v]) => `${escapeHtml(k)} : <strong>${escapeHtml(v)}</strong>`).join('<br>')),
      paragraph(escapeHtml(why)),
    ].join('\n'),
    bodyText: [hello, '', intro, '', ...lines.map(([k, v]) => `${k} : ${v}`), '', why].join('\n'),
  };
}
