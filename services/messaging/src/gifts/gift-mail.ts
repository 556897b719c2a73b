import { button, escapeHtml, paragraph, quoteBlock, type MailContent, type SiteIdentity, type TemplateData } from '../mail';

/** The claim page of a gift's link. */
export function claimUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/cadeau/${token}`;
}

/** « Offrir »: someone offers an item; the link puts it in the recipient's library (an account is made or used on the way). */
export function giftReceivedMail(data: TemplateData['gift_received'], site: SiteIdentity): MailContent {
  const who = data.buyerFirstName ?? 'Quelqu’un';
  const what = data.itemType === 'video' ? 'la vidéo' : 'le guide';
  const title = 'Vous avez reçu un cadeau';
  const intro = `${who} vous offre ${what} « ${data.itemTitle} » sur ${site.siteName}.`;
  const how = 'Cliquez sur le bouton ci-dessous pour le recevoir : il sera ajouté à votre bibliothèque (vous créerez votre compte au passage si vous n’en avez pas). Ce lien ne sert qu’une fois.';
  const url = claimUrl(site.publicUrl, data.claimToken);
  const said = data.message ? `Son message : « ${data.message} »` : null;
  return {
    subject: `${who} vous offre « ${data.itemTitle} »`,
    preheader: 'Un cadeau vous attend : recevez-le en un clic.',
    title,
    bodyHtml: [
      paragraph(escapeHtml('Bonjour,')),
      paragraph(escapeHtml(intro)),
      ...(data.message ? [paragraph(escapeHtml('Son message :')), quoteBlock(escapeHtml(data.message))] : []),
      paragraph(escapeHtml(how)),
      button('Recevoir ce cadeau', url),
    ].join('\n'),
    bodyText: ['Bonjour,', '', intro, '', ...(said ? [said, ''] : []), how, '', `Recevoir ce cadeau : ${url}`].join('\n'),
  };
}
