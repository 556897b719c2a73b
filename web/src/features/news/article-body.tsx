import { cn } from '@/lib/utils';

/**
 * Typography for an article's HTML body (headings, paragraphs, lists, links, images, emphasis,
 * quotes: what the server's sanitiser lets through), without a typography plugin to download.
 */
const prose = cn(
  'max-w-none text-base leading-relaxed text-foreground/90 sm:text-lg',
  '[&>*:first-child]:mt-0 [&>*:last-child]:mb-0',
  '[&_p]:my-4',
  '[&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-foreground sm:[&_h2]:text-2xl',
  '[&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-foreground',
  '[&_h4]:mt-6 [&_h4]:mb-2 [&_h4]:font-semibold [&_h4]:text-foreground',
  '[&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1.5 [&_li]:marker:text-primary',
  '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 hover:[&_a]:text-primary/80',
  '[&_strong]:font-semibold [&_strong]:text-foreground [&_em]:italic',
  '[&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-primary [&_blockquote]:bg-accent/50 [&_blockquote]:py-3 [&_blockquote]:pr-4 [&_blockquote]:pl-5 [&_blockquote]:italic',
  '[&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg',
  '[&_hr]:my-8 [&_code]:rounded [&_code]:bg-muted [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-sm',
);

/**
 * The body is sanitised on the server when it is saved (scripts, styles, event handlers and
 * javascript: links removed) and the API promises it is safe to render: it is trusted here.
 */
export function ArticleBody({ html, className }: { html: string; className?: string }) {
  return <div className={cn(prose, className)} data-testid="article-body" dangerouslySetInnerHTML={{ __html: lazyImages(html) }} />;
}

/** Images inside the body wait until they are scrolled near, like every other image of the site. */
export function lazyImages(html: string): string {
  return html.replace(/<img\b(?![^>]*\bloading=)/gi, '<img loading="lazy" decoding="async"');
}
