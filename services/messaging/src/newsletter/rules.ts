import { z } from 'zod';
import { normaliseEmail } from '../shared/email';

/** The newsletter's words (spec: Footer, Catalogue, Admin newsletter; issue 9 §4). */
export const NEWSLETTER_TEXT = {
  invalidEmail: 'Veuillez entrer une adresse email valide',
  rateLimited: 'Trop de demandes. Veuillez réessayer dans quelques minutes.',
  confirmInvalid: 'Ce lien de confirmation est invalide ou a expiré. Veuillez vous réinscrire.',
  unsubscribeInvalid: 'Ce lien de désinscription est invalide.',
  campaignEmpty: 'Veuillez remplir le sujet et le contenu.',
  noAdminAddress: "Votre adresse email n'est pas connue du service de messagerie ; réessayez dans un instant.",
  subscriberNotFound: 'Abonné introuvable.',
  unsubscribeLink: 'Se désinscrire',
  confirmationSubject: 'Confirmez votre inscription à la newsletter',
} as const;

export const subscribeInput = z.object({
  email: z
    .string()
    .max(254, NEWSLETTER_TEXT.invalidEmail)
    .transform(normaliseEmail)
    .pipe(z.email(NEWSLETTER_TEXT.invalidEmail)),
  source: z.enum(['FOOTER', 'CATALOGUE']).transform((s) => s.toLowerCase() as 'footer' | 'catalogue'),
});

/** The admin subscribers list's (and its CSV's) arguments. */
export const subscriberListArgs = z.object({
  search: z.string().max(200).nullish(),
  status: z.enum(['PENDING', 'ACTIVE', 'UNSUBSCRIBED', 'BOUNCED', 'COMPLAINED']).nullish(),
  page: z.number().int().min(1).max(100_000).nullish(),
  pageSize: z.number().int().min(1).max(200).nullish(),
});

/** A confirmation or unsubscribe token as the API takes it. */
export const tokenArgs = z.object({ token: z.string().max(300) });

export const campaignInput = z.object({
  subject: z.string().trim().min(1, NEWSLETTER_TEXT.campaignEmpty).max(200, 'Le sujet ne doit pas dépasser 200 caractères.'),
  contentHtml: z.string().max(200_000, 'Le contenu est trop long.'),
});

/** Subscriber states as the SDL spells them. */
export type SubscriberStatusDb = 'pending' | 'active' | 'unsubscribed' | 'bounced' | 'complained';

/** What a subscribe request does to an address in each state (the answer is the same for all). */
export function subscribeAction(status: SubscriberStatusDb | null): 'create' | 'reconfirm' | 'nothing' {
  if (status === null) return 'create';
  if (status === 'pending' || status === 'unsubscribed') return 'reconfirm';
  return 'nothing';
}

/** The CSV's status column, in French. */
export const STATUS_LABELS: Record<SubscriberStatusDb, string> = {
  pending: 'En attente',
  active: 'Actif',
  unsubscribed: 'Désinscrit',
  bounced: 'Adresse invalide',
  complained: 'Signalé comme spam',
};

export const SOURCE_LABELS: Record<'footer' | 'catalogue', string> = { footer: 'Pied de page', catalogue: 'Catalogue' };

/** A resent confirmation is a new mail at most once per this window per address (the dedupe key's bucket). */
export const CONFIRMATION_RESEND_WINDOW_MS = 10 * 60 * 1000;

export function confirmationDedupeKey(email: string, now: Date): string {
  return `${email}:${Math.floor(now.getTime() / CONFIRMATION_RESEND_WINDOW_MS)}`;
}

export interface Engagement {
  rate: number | null;
  basis: 'CLICKS' | 'CONFIRMATIONS';
  label: string;
}

/** How many recent campaigns the click figure covers. */
export const ENGAGEMENT_CAMPAIGNS = 3;
export const CONFIRMATION_WINDOW_DAYS = 90;

/**
 * The engagement card: unique clickers / mails sent over the last sent campaigns; with no sent
 * campaign, confirmed / asked over the last 90 days. Null when there is nothing to divide by.
 */
export function engagementOf(input: { campaigns: Array<{ sent: number; clickers: number }> } | { asked: number; confirmed: number }): Engagement {
  if ('campaigns' in input) {
    const n = input.campaigns.length;
    const sent = input.campaigns.reduce((s, c) => s + c.sent, 0);
    const clickers = input.campaigns.reduce((s, c) => s + c.clickers, 0);
    const label = n <= 1 ? 'Clics sur la dernière campagne' : `Clics sur les ${n} dernières campagnes`;
    return { rate: sent > 0 ? Math.min(1, clickers / sent) : null, basis: 'CLICKS', label };
  }
  return {
    rate: input.asked > 0 ? Math.min(1, input.confirmed / input.asked) : null,
    basis: 'CONFIRMATIONS',
    label: `Inscriptions confirmées sur les ${CONFIRMATION_WINDOW_DAYS} derniers jours`,
  };
}

export interface CampaignCounters {
  queued: number;
  sending: number;
  sent: number;
  failed: number;
  suppressed: number;
}

/** A campaign is done when its fan-out has finished and none of its mails waits or is in flight. */
export function campaignDone(fanoutFinished: boolean, c: CampaignCounters): boolean {
  return fanoutFinished && c.queued === 0 && c.sending === 0;
}

/** The links of sanitised HTML, in document order (the sanitiser writes `href="..."` with entities escaped). */
const ANCHOR_HREF = /<a\b([^>]*?)\shref="([^"]*)"/g;

const decodeAttr = (v: string) =>
  v.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&');
const encodeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Trackable links: http(s) only (a mailto: stays as it is). Positions count every anchor with an href. */
export function linksOf(html: string): Array<{ position: number; url: string }> {
  const found: Array<{ position: number; url: string }> = [];
  let position = 0;
  for (const m of html.matchAll(ANCHOR_HREF)) {
    const url = decodeAttr(m[2]);
    if (/^https?:\/\//i.test(url)) found.push({ position, url });
    position++;
  }
  return found;
}

/** The same HTML with each tracked anchor's href replaced by `hrefFor(position)` (null: left as it is). */
export function rewriteLinks(html: string, hrefFor: (position: number) => string | null): string {
  let position = 0;
  return html.replace(ANCHOR_HREF, (whole, before: string) => {
    const replacement = hrefFor(position++);
    return replacement === null ? whole : `<a${before} href="${encodeAttr(replacement)}"`;
  });
}

/** Plain text of campaign HTML for the text part: tags out, links kept as "text (url)". */
export function textOf(html: string): string {
  return html
    .replace(/<a\b[^>]*\shref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_w, href: string, inner: string) => `${inner.replace(/<[^>]+>/g, '')} (${decodeAttr(href)})`)
    .replace(/<(br|\/p|\/h[1-6]|\/li|\/blockquote|hr)\b[^>]*>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '- ')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, (e) => decodeAttr(e))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
