import { escapeHtml } from '../escape';

/** The site's primary green (web/src/index.css --color-primary, oklch(0.5 0.13 152)), for buttons and links. */
export const BRAND_COLOR = '#05773b';

/** What a template gives the layout: the subject and the card's content. */
export interface MailContent {
  subject: string;
  preheader?: string;
  title: string;
  bodyHtml: string;
  bodyText: string;
}

export function paragraph(html: string): string {
  return `<p style="margin:0 0 16px 0;">${html}</p>`;
}

/** A call-to-action button (a table, so Outlook draws it) followed by the raw link for clients that hide buttons. */
export function button(label: string, url: string): string {
  const href = escapeHtml(url);
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px 0;"><tr>
<td align="center" bgcolor="${BRAND_COLOR}" style="border-radius:6px;"><a href="${href}" style="display:inline-block;padding:12px 24px;font-family:Helvetica,Arial,sans-serif;font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(label)}</a></td>
</tr></table>
<p style="margin:0 0 16px 0;font-size:13px;line-height:20px;color:#6b7280;">Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :<br><a href="${href}" style="color:${BRAND_COLOR};word-break:break-all;">${href}</a></p>`;
}

/** A quoted block (the original message under a reply). */
export function quoteBlock(innerHtml: string): string {
  return `<blockquote style="margin:0 0 16px 0;padding:8px 16px;border-left:4px solid #d1d5db;color:#4b5563;">${innerHtml}</blockquote>`;
}

/** 'Bonjour Awa,' or 'Bonjour,' when the name is unknown. */
export function greeting(name: string | null | undefined): string {
  const n = (name ?? '').trim();
  return n ? `Bonjour ${n},` : 'Bonjour,';
}
