import { sanitizeRichText } from '@lbf/service-kit';

/**
 * Article bodies are HTML written by administrators and shown to everyone, so they are cleaned on
 * the server before they are stored, with the kit's rich-text configuration (shared with the
 * newsletter's campaigns): see services/kit/src/rich-text.ts.
 */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeRichText(html);
}
