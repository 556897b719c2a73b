import { ArrowUp, CalendarDays } from 'lucide-react';
import { useEffect, type MouseEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { legal } from '@/i18n/pages/legal';
import type { LegalDocumentContent } from '@/i18n/pages/types';
import { PageHero } from '../../components/layout/page-hero';
import { Blocks, RichText } from '../../components/content/rich-text';
import { useContactDetails } from '../../hooks/use-contact-details';

const TOC_ID = 'sommaire';

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Scrolls to a section's heading and moves focus there, so keyboard and screen-reader users follow. */
function goTo(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  target.focus({ preventScroll: true });
  return true;
}

/**
 * A fragment link would add a history entry that the router sees as a new page (and the visit
 * would be counted twice): the table of contents scrolls itself and only rewrites the address,
 * keeping the router's state so back/forward still work.
 */
function onAnchorClick(event: MouseEvent<HTMLAnchorElement>, id: string): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  if (!goTo(id)) return;
  event.preventDefault();
  window.history.replaceState(window.history.state, '', `#${id}`);
}

/** /terms and /privacy: hero with the date, a table of contents, numbered sections. */
export function LegalDocument({ content }: { content: LegalDocumentContent }) {
  const { email } = useContactDetails();
  const { hash } = useLocation();

  // The page arrives in its own chunk, after the browser looked for the fragment: look again.
  useEffect(() => {
    let id = hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // A malformed escape in a hand-typed address: look for the fragment as written.
    }
    if (id) goTo(id);
  }, [hash]);

  return (
    <>
      <PageHero eyebrow={legal.eyebrow} title={content.title} lead={content.lead}>
        <p className="inline-flex items-center gap-2 text-sm text-muted-foreground">
          <CalendarDays className="size-4" aria-hidden="true" />
          <span>
            {legal.updated} <time dateTime={content.updated.iso}>{content.updated.label}</time>
          </span>
        </p>
      </PageHero>

      <div className="container-page grid gap-8 py-10 sm:py-14 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-12">
        <nav aria-labelledby={TOC_ID} className="lg:sticky lg:top-24 lg:max-h-[calc(100dvh-7rem)] lg:self-start lg:overflow-y-auto">
          <div className="rounded-lg border bg-card p-4">
            <h2 id={TOC_ID} tabIndex={-1} className="mb-3 scroll-mt-24 text-sm font-semibold tracking-wide uppercase outline-none">
              {legal.toc}
            </h2>
            <ol className="flex flex-col gap-1 text-sm">
              {content.sections.map((section, index) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    onClick={(event) => onAnchorClick(event, section.id)}
                    className="flex gap-2 rounded-sm py-1 text-muted-foreground hover:text-primary hover:underline underline-offset-4"
                  >
                    <span className="w-5 shrink-0 text-right tabular-nums">{index + 1}.</span>
                    <span>{section.title}</span>
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>

        <article className="flex max-w-3xl min-w-0 flex-col gap-10">
          {content.intro.length > 0 && (
            <div className="flex flex-col gap-3 leading-relaxed">
              {content.intro.map((paragraph, index) => (
                <p key={index}>
                  <RichText value={paragraph} email={email} />
                </p>
              ))}
            </div>
          )}
          {content.sections.map((section, index) => (
            <section key={section.id} aria-labelledby={section.id} className="flex flex-col gap-3 leading-relaxed">
              <h2 id={section.id} tabIndex={-1} className="scroll-mt-24 text-xl font-bold outline-none sm:text-2xl">
                <span className="mr-2 text-primary tabular-nums">{index + 1}.</span>
                {section.title}
              </h2>
              <Blocks blocks={section.blocks} email={email} />
              <a
                href={`#${TOC_ID}`}
                onClick={(event) => onAnchorClick(event, TOC_ID)}
                className="inline-flex items-center gap-1 self-start text-sm text-muted-foreground hover:text-primary lg:hidden"
              >
                <ArrowUp className="size-4" aria-hidden="true" />
                {legal.backToToc}
              </a>
            </section>
          ))}
        </article>
      </div>
    </>
  );
}
