/**
 * The <head> of a « Payer pour moi » link's page as link-preview crawlers read it (WhatsApp,
 * Facebook, Telegram, Twitter run no JavaScript): the item, its price in FCFA and the requester's
 * first name while the link can be paid; a neutral preview once it is paid, expired, or unknown.
 * Nothing of the requester beyond the first name. Pure: the handler (pay-link-preview.ts) feeds it.
 */

export const SITE_NAME = 'LBF';
/** The site's own preview image (web/public/og-default.png, 1200×630). */
export const DEFAULT_IMAGE = '/og-default.png';

/** What commerce's public `payLink` query says of the link, and the item's picture from the catalogue. */
export interface PayLinkPreviewData {
  itemTitle: string;
  amountXaf: number;
  requesterFirstName: string | null;
  status: 'OPEN' | 'PENDING' | 'PAID' | 'EXPIRED' | 'OWNED';
  /** The item's cover (a video's thumbnail, a guide's illustration), absolute or site-relative; null: none. */
  image: string | null;
}

export interface PreviewHead {
  title: string;
  description: string;
  image: string;
  url: string;
  /** The cover rather than the site's default (whose size is known). */
  ownImage: boolean;
}

/** '2 356 FCFA' (plain spaces, as the mails write it). */
export function formatFcfa(xaf: number): string {
  return `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 }).format(xaf).replace(/\s/g, ' ')} FCFA`;
}

export const NEUTRAL = {
  title: 'Payer pour un proche',
  description: `${SITE_NAME} : vidéos et guides santé, que l’on peut payer pour un proche par Orange Money, MTN Mobile Money ou NotchPay, sans compte.`,
};

/** The preview of a link: its own while it can be paid (or a payment is under way), else the neutral one. */
export function payLinkHead(link: PayLinkPreviewData | null, origin: string, path: string): PreviewHead {
  const url = new URL(path, origin).toString();
  if (!link || (link.status !== 'OPEN' && link.status !== 'PENDING')) {
    return { ...NEUTRAL, image: new URL(DEFAULT_IMAGE, origin).toString(), url, ownImage: false };
  }
  const name = link.requesterFirstName?.trim() || null;
  const price = formatFcfa(link.amountXaf);
  const title = name ? `Payer « ${link.itemTitle} » pour ${name}` : `Payer « ${link.itemTitle} » pour un proche`;
  const asks = name ? `${name} vous demande de payer` : 'On vous demande de payer';
  const whose = name ? `la bibliothèque de ${name}` : 'sa bibliothèque';
  const description = `${asks} « ${link.itemTitle} » (${price}) sur ${SITE_NAME}. Sans compte, par Orange Money, MTN Mobile Money ou NotchPay : le contenu arrive dans ${whose}.`;
  const image = new URL(link.image ?? DEFAULT_IMAGE, origin).toString();
  return { title, description, image, url, ownImage: link.image !== null };
}

function escapeAttr(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** The tags, as web/src/lib/meta-tags.ts writes them for the server-rendered pages. */
export function headTags(head: PreviewHead): string {
  const tags: Array<[string, string, string]> = [
    ['name', 'description', head.description],
    ['name', 'robots', 'noindex'],
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:locale', 'fr_FR'],
    ['property', 'og:type', 'website'],
    ['property', 'og:title', head.title],
    ['property', 'og:description', head.description],
    ['property', 'og:url', head.url],
    ['property', 'og:image', head.image],
    ...(head.ownImage
      ? []
      : ([
          ['property', 'og:image:width', '1200'],
          ['property', 'og:image:height', '630'],
        ] as Array<[string, string, string]>)),
    ['property', 'og:image:alt', head.title],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', head.title],
    ['name', 'twitter:description', head.description],
    ['name', 'twitter:image', head.image],
  ];
  const metas = tags.map(([attr, key, content]) => `<meta ${attr}="${key}" content="${escapeAttr(content)}" />`);
  return [`<title>${escapeAttr(`${head.title} | ${SITE_NAME}`)}</title>`, ...metas, `<link rel="canonical" href="${escapeAttr(head.url)}" />`].join('\n    ');
}

/** index.html with its <title> and description replaced by the link's head. */
export function withHead(indexHtml: string, head: PreviewHead): string {
  const base = indexHtml.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta\s+name="description"[\s\S]*?\/?>\s*/i, '');
  const end = base.indexOf('</head>');
  if (end < 0) throw new Error('index.html has no </head>');
  return `${base.slice(0, end)}  ${headTags(head)}\n  ${base.slice(end)}`;
}
