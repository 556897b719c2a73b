import { sanitizeRichText } from '@lbf/service-kit';
import { escapeHtml, renderLayout, type PurposeRenderers, type RenderedMail, type SiteIdentity, type TemplateData } from '../mail';
import type { MessagingDeps } from '../shared/deps';
import { NEWSLETTER_TEXT, rewriteLinks, textOf } from './rules';
import { campaignContentRows, subscriberExists } from './store';
import { linkToken, unsubscribeToken } from './tokens';

/** The public unsubscribe URL of a subscriber: the page (GET) and the one-click target (POST) alike. */
export const unsubscribeUrlOf = (publicUrl: string, token: string) => `${publicUrl}/newsletter/desinscription/${token}`;
export const trackedLinkUrlOf = (publicUrl: string, token: string) => `${publicUrl}/newsletter/lien/${token}`;

interface CampaignContent {
  subject: string;
  contentHtml: string;
  /** Link id by position in the content. */
  links: Map<number, string>;
}

/** A campaign's subject, content and links never change once created: one read per campaign per instance. */
const CACHE_MS = 60_000;
const cache = new Map<string, { at: number; value: Promise<CampaignContent | null> }>();

function campaignContent(deps: MessagingDeps, campaignId: string): Promise<CampaignContent | null> {
  const now = Date.now();
  for (const [id, entry] of cache) if (now - entry.at > CACHE_MS) cache.delete(id);
  const hit = cache.get(campaignId);
  if (hit) return hit.value;
  const value = (async () => {
    const c = await campaignContentRows(deps.ds.manager, campaignId);
    if (!c) return null;
    return { subject: c.subject, contentHtml: c.contentHtml, links: new Map(c.links.map((l) => [l.position, l.id])) };
  })();
  value.catch(() => cache.delete(campaignId));
  cache.set(campaignId, { at: now, value });
  return value;
}

/** The address of `Name <addr>` or a bare address. */
export function addressOf(from: string): string {
  const m = /<([^>]+)>/.exec(from);
  return (m ? m[1] : from).trim();
}

function footer(unsubscribeUrl: string, site: SiteIdentity): { html: string; text: string } {
  const name = escapeHtml(site.siteName);
  return {
    html: `<p style="margin:0 0 8px 0;">Vous recevez ce message parce que vous êtes inscrit(e) à la newsletter de ${name}.</p>
<p style="margin:0 0 8px 0;"><a href="${escapeHtml(unsubscribeUrl)}" style="color:#6b7280;">${NEWSLETTER_TEXT.unsubscribeLink}</a></p>`,
    text: `Vous recevez ce message parce que vous êtes inscrit(e) à la newsletter de ${site.siteName}.\n${NEWSLETTER_TEXT.unsubscribeLink} : ${unsubscribeUrl}`,
  };
}

/**
 * Newsletter mails. A campaign: its subject and content in the layout, each tracked link
 * rewritten to /newsletter/lien/<signed link+subscriber token>, a visible 'Se désinscrire' link,
 * and List-Unsubscribe (the https one-click URL and a mailto) with List-Unsubscribe-Post (RFC
 * 8058); null when the campaign or the subscriber is gone. A test: the same layout to the
 * administrator, links as written (nothing to track, nobody to unsubscribe).
 */
export async function renderNewsletterMail(
  deps: MessagingDeps,
  purpose: 'newsletter_campaign' | 'newsletter_test',
  data: TemplateData['newsletter_campaign'] | TemplateData['newsletter_test'],
  site: SiteIdentity,
): Promise<RenderedMail | null> {
  const publicUrl = deps.config.publicUrl;
  if (purpose === 'newsletter_test') {
    const test = data as TemplateData['newsletter_test'];
    const bodyHtml = sanitizeRichText(test.contentHtml);
    const { html, text } = renderLayout(site, { title: test.subject, bodyHtml, bodyText: textOf(bodyHtml) });
    return { subject: `[Test] ${test.subject}`, html, text };
  }
  const { campaignId, subscriberId } = data as TemplateData['newsletter_campaign'];
  const campaign = await campaignContent(deps, campaignId);
  if (!campaign) return null;
  if (!(await subscriberExists(deps.ds.manager, subscriberId))) return null;
  const secret = deps.config.mailLinkSecret;
  const bodyHtml = rewriteLinks(campaign.contentHtml, (position) => {
    const linkId = campaign.links.get(position);
    return linkId ? trackedLinkUrlOf(publicUrl, linkToken(secret, linkId, subscriberId)) : null;
  });
  const token = unsubscribeToken(secret, subscriberId);
  const unsubscribeUrl = unsubscribeUrlOf(publicUrl, token);
  const foot = footer(unsubscribeUrl, site);
  const { html, text } = renderLayout(site, {
    title: campaign.subject,
    bodyHtml,
    bodyText: textOf(bodyHtml),
    footerHtml: foot.html,
    footerText: foot.text,
  });
  const mailto = `mailto:${site.contactEmail || addressOf(deps.config.mailFrom)}?subject=unsubscribe-${token}`;
  // One List-Unsubscribe header carrying both URLs (nodemailer's `list` would write one header per
  // URL; receivers expect one), the https one first: the one-click POST target (RFC 8058).
  return {
    subject: campaign.subject,
    html,
    text,
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>, <${mailto}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** The purposes the mail module leaves to the newsletter (app.ts plugs them in). */
export function newsletterRenderers(deps: MessagingDeps): PurposeRenderers {
  return {
    newsletter_campaign: (purpose, data, site) => renderNewsletterMail(deps, purpose, data, site),
    newsletter_test: (purpose, data, site) => renderNewsletterMail(deps, purpose, data, site),
  };
}
