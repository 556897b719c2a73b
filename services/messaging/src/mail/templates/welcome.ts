import type { TemplateData } from '../template-data';
import { escapeHtml } from '../escape';
import type { SiteIdentity } from '../layout';
import { BRAND_COLOR, button, greeting, paragraph, type MailContent } from './parts';

export function welcomeMail(data: TemplateData['welcome'], site: SiteIdentity): MailContent {
  const title = `Bienvenue sur ${site.siteName}`;
  const hello = greeting(data.firstName);
  const intro = 'Votre compte est créé. Vous pouvez dès maintenant découvrir nos vidéos et nos guides PDF, et retrouver vos achats dans votre tableau de bord.';
  const access = 'Chaque achat vous donne un accès à vie au contenu acheté.';
  const videosUrl = `${site.publicUrl}/videos`;
  const dashboardUrl = `${site.publicUrl}/dashboard`;
  return {
    subject: title,
    preheader: 'Votre compte est prêt.',
    title,
    bodyHtml: [
      paragraph(escapeHtml(hello)),
      paragraph(escapeHtml(intro)),
      paragraph(escapeHtml(access)),
      button('Découvrir les vidéos', videosUrl),
      paragraph(`Votre tableau de bord : <a href="${escapeHtml(dashboardUrl)}" style="color:${BRAND_COLOR};">${escapeHtml(dashboardUrl)}</a>`),
    ].join('\n'),
    bodyText: [hello, '', intro, '', access, '', `Découvrir les vidéos : ${videosUrl}`, `Votre tableau de bord : ${dashboardUrl}`].join('\n'),
  };
}
