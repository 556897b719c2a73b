import { escapeHtml } from './escape';

/** What every mail shows of the site (from the site_settings read model, at send time). */
export interface SiteIdentity {
  siteName: string;
  /** Absolute URL of the logo, or null: the site name is shown as text. */
  logoUrl: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  /** The seller's legal identity receipts name (null parts: not set); absent where no receipt is made. */
  legal?: SellerLegalIdentity;
  /** Site origin without trailing slash, e.g. https://lbf.example. */
  publicUrl: string;
}

/** Raison sociale, postal address (newline-separated lines) and NIU, as an administrator set them. */
export interface SellerLegalIdentity {
  name: string | null;
  address: string | null;
  taxId: string | null;
}

export interface LayoutContent {
  /** The line mail clients show after the subject in the list (hidden in the body). */
  preheader?: string;
  /** The heading at the top of the card (plain text, escaped here). */
  title: string;
  /** The body, already HTML (templates escape what they put in it). */
  bodyHtml: string;
  /** The same body as plain text. */
  bodyText: string;
  /** Replaces the standard footer line (HTML), e.g. the newsletter's unsubscribe link. */
  footerHtml?: string;
  footerText?: string;
}

/** A path of the site (/media/logo.png) made absolute with the public URL; absolute URLs kept; anything else refused. */
export function absoluteUrl(pathOrUrl: string | null | undefined, publicUrl: string): string | null {
  const value = (pathOrUrl ?? '').trim();
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) return value;
  if (value.startsWith('//')) return null;
  try {
    const url = new URL(value.startsWith('/') ? value : `/${value}`, `${publicUrl.replace(/\/+$/, '')}/`);
    return /^https?:$/.test(url.protocol) ? url.toString() : null;
  } catch {
    return null;
  }
}

const FONT = "font-family:Helvetica,Arial,sans-serif;";

/**
 * The frame of every mail, in French: a centred 600px table (fluid on phones), the logo or the
 * site's name, the title, the body, and a footer with the site's contact address and phone.
 * Styles are inline (mail clients drop <style> blocks); the text part mirrors it.
 */
export function renderLayout(site: SiteIdentity, content: LayoutContent): { html: string; text: string } {
  const name = escapeHtml(site.siteName);
  const home = escapeHtml(site.publicUrl);
  const brand = site.logoUrl
    ? `<a href="${home}" style="text-decoration:none;"><img src="${escapeHtml(site.logoUrl)}" alt="${name}" height="48" style="display:block;height:48px;max-width:240px;border:0;outline:none;"></a>`
    : `<a href="${home}" style="${FONT}font-size:24px;font-weight:bold;color:#111827;text-decoration:none;">${name}</a>`;

  const contactParts: string[] = [];
  if (site.contactEmail) contactParts.push(`<a href="mailto:${escapeHtml(site.contactEmail)}" style="color:#6b7280;">${escapeHtml(site.contactEmail)}</a>`);
  if (site.contactPhone) contactParts.push(escapeHtml(site.contactPhone));
  const contactHtml = contactParts.length ? `<p style="margin:0 0 8px 0;">Contact : ${contactParts.join(' · ')}</p>` : '';
  const footerHtml =
    content.footerHtml ?? `<p style="margin:0 0 8px 0;">Vous recevez ce message parce que vous utilisez ${name}.</p>`;

  const html = `<!DOCTYPE html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="X-UA-Compatible" content="IE=edge">
<title>${escapeHtml(content.title)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f3f4f6;">
${content.preheader ? `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">${escapeHtml(content.preheader)}</div>` : ''}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f3f4f6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;width:100%;">
<tr><td align="left" style="padding:0 0 16px 0;">${brand}</td></tr>
<tr><td style="background-color:#ffffff;border-radius:8px;padding:32px 24px;${FONT}font-size:16px;line-height:24px;color:#111827;">
<h1 style="margin:0 0 24px 0;${FONT}font-size:22px;line-height:30px;color:#111827;">${escapeHtml(content.title)}</h1>
${content.bodyHtml}
</td></tr>
<tr><td style="padding:16px 24px;${FONT}font-size:12px;line-height:18px;color:#6b7280;" align="center">
${footerHtml}
${contactHtml}
<p style="margin:0;">© ${name}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;

  const contactText = [site.contactEmail, site.contactPhone].filter(Boolean).join(' · ');
  const text = [
    site.siteName,
    '',
    content.title,
    '='.repeat(Math.min(content.title.length, 60)),
    '',
    content.bodyText.trim(),
    '',
    '--',
    content.footerText ?? `Vous recevez ce message parce que vous utilisez ${site.siteName}.`,
    ...(contactText ? [`Contact : ${contactText}`] : []),
    site.publicUrl,
    '',
  ].join('\n');
  return { html, text };
}
