import { button, escapeHtml, greeting, paragraph, type MailContent, type SiteIdentity, type TemplateData } from '../mail';

/** Where a bought item is reviewed: its page, where « Donner mon avis » is. */
export function itemUrl(publicUrl: string, itemType: 'video' | 'pdf', itemId: string): string {
  return `${publicUrl}/${itemType === 'video' ? 'videos' : 'pdfs'}/${itemId}#avis`;
}

/** Five days after a purchase: an invitation to say what they thought of it, once. */
export function reviewReminderMail(data: TemplateData['review_reminder'], site: SiteIdentity): MailContent {
  const what = data.itemType === 'video' ? 'la vidéo' : 'le guide';
  const title = 'Votre avis nous intéresse';
  const hello = greeting(data.firstName);
  const intro = `Vous avez acheté ${what} « ${data.itemTitle} » il y a quelques jours. Qu’en avez-vous pensé ?`;
  const why = 'Votre note et quelques mots aident les autres membres à choisir. Seuls les acheteurs peuvent donner leur avis ; il est publié avec votre prénom et l’initiale de votre nom.';
  const url = itemUrl(site.publicUrl, data.itemType, data.itemId);
  return {
    subject: `Qu’avez-vous pensé de « ${data.itemTitle} » ?`,
    preheader: 'Donnez votre avis en une minute.',
    title,
    bodyHtml: [paragraph(escapeHtml(hello)), paragraph(escapeHtml(intro)), paragraph(escapeHtml(why)), button('Donner mon avis', url)].join('\n'),
    bodyText: [hello, '', intro, '', why, '', `Donner mon avis : ${url}`].join('\n'),
  };
}
