import type { ReactNode } from 'react';
import { typesetText } from '@/i18n/pages/typeset';

/** The opening band of a static page: a small label, the page's only h1 and a lead sentence. */
export function PageHero({ eyebrow, title, lead, children }: { eyebrow: string; title: string; lead: string; children?: ReactNode }) {
  return (
    <section className="border-b bg-gradient-to-b from-accent/70 to-background">
      <div className="container-page flex flex-col items-start gap-3 py-10 sm:items-center sm:py-14 sm:text-center">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>
        <h1 className="max-w-3xl text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">{typesetText(title)}</h1>
        <p className="max-w-2xl text-base text-muted-foreground text-pretty sm:text-lg">{typesetText(lead)}</p>
        {children}
      </div>
    </section>
  );
}
