import type { TemplateData } from '../template-data';
import { escapeHtml } from '../escape';
import { formatDateTimeFr } from '../format';
import type { SiteIdentity } from '../layout';
import { button, greeting, paragraph, type MailContent } from './parts';

/**
 * A deletion of the account was asked for (identity.user.deletion_requested): when it goes, what is
 * kept, and how to cancel it (signing in). Sent for the person's own request and, above all, for an
 * administrator's on their behalf: an e-mail asking for it proves little about who sent it, and this
 * one reaches the account's owner in time to cancel.
 */
export function accountDeletionMail(data: TemplateData['account_deletion'], site: SiteIdentity): MailContent {
  const title = 'Suppression de votre compte';
  const hello = greeting(data.firstName);
  const date = formatDateTimeFr(data.scheduledFor);
  const who = data.byAdministrator ? `Notre équipe a reçu votre demande de suppression de votre compte ${site.siteName}.` : `Vous avez demandé la suppression de votre compte ${site.siteName}.`;
  const when = `Votre compte sera supprimé le ${date}. D’ici là, il reste actif. Ensuite, vos données sont effacées ; vos commandes et reçus sont conservés pour la durée légale, sans votre nom, votre adresse e-mail ni votre téléphone.`;
  const cancel = 'Si vous changez d’avis, ou si vous n’êtes pas à l’origine de cette demande, connectez-vous et choisissez « Annuler la suppression ».';
  const signInUrl = `${site.publicUrl}/auth`;
  return {
    subject: `${title} – ${site.siteName}`,
    preheader: `Votre compte sera supprimé le ${date}.`,
    title,
    bodyHtml: [paragraph(escapeHtml(hello)), paragraph(escapeHtml(who)), paragraph(escapeHtml(when)), paragraph(escapeHtml(cancel)), button('Me connecter', signInUrl)].join('\n'),
    bodyText: [hello, '', who, '', when, '', cancel, '', `Me connecter : ${signInUrl}`].join('\n'),
  };
}
