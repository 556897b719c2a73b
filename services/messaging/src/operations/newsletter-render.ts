import sanitizeHtml from 'sanitize-html';
import type { EntityManager } from 'typeorm';
import { renderLayout, type SiteIdentity } from '../mail/layout';
import type { RenderedMail } from '../mail/render';
import type { TemplateData } from '../mail/template-data';
import type { MessagingDeps } from './deps';

/**
 * Newsletter mails (owned by the newsletter part). A test: the subject and the sanitised content
 * in the layout. A campaign: rendered from the campaign row and the subscriber by the newsletter
 * part; null here (nothing to send).
 */
export async function renderNewsletterMail(
  _deps: MessagingDeps,
  purpose: 'newsletter_campaign' | 'newsletter_test',
  data: TemplateData['newsletter_campaign'] | TemplateData['newsletter_test'],
  site: SiteIdentity,
): Promise<RenderedMail | null> {
  if (purpose !== 'newsletter_test') return null;
  const test = data as TemplateData['newsletter_test'];
  const bodyHtml = sanitizeHtml(test.contentHtml);
  const bodyText = sanitizeHtml(test.contentHtml, { allowedTags: [], allowedAttributes: {} }).trim();
  const { html, text } = renderLayout(site, { title: test.subject, bodyHtml, bodyText });
  return { subject: `[Test] ${test.subject}`, html, text };
}

/**
 * Called in the transaction that settles a campaign delivery (sent, failed or suppressed), so the
 * campaign's counters move with the row. The newsletter part owns what else happens here.
 */
export async function onNewsletterDeliverySettled(
  _deps: MessagingDeps,
  manager: EntityManager,
  delivery: { id: string; campaign_id: string | null },
  outcome: 'sent' | 'failed' | 'suppressed',
): Promise<void> {
  if (!delivery.campaign_id) return;
  await manager.query(`UPDATE campaigns SET ${outcome} = ${outcome} + 1 WHERE id = $1`, [delivery.campaign_id]);
}
