import type sanitizeHtml from 'sanitize-html';

/**
 * Rich text written by administrators and shown to everyone (catalogue's articles, messaging's
 * newsletter campaigns) is cleaned on the server before it is stored, with this one configuration:
 * headings, paragraphs, lists, links, images, emphasis and quotes survive; scripts, styles, event
 * handlers, iframes and javascript: URLs never do.
 */
export const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'ul', 'ol', 'li', 'a', 'img', 'strong', 'em', 'b', 'i', 'u', 'blockquote', 'figure', 'figcaption'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links open in a new tab without giving that tab a handle on this one.
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        ...(attribs.title ? { title: attribs.title } : {}),
        target: '_blank',
        rel: 'noopener noreferrer',
      },
    }),
  },
};

/** The cleaned HTML, trimmed. */
export function sanitizeRichText(html: string): string {
  // Loaded on first use, not at boot (with postcss and htmlparser2, a tenth of a service's modules):
  // a restarted service answers sooner (issue 22 §5). require() keeps it after the first call.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const sanitize = require('sanitize-html') as typeof sanitizeHtml;
  return sanitize(html, RICH_TEXT_OPTIONS).trim();
}
