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

const tones = {
  /** The static pages' way on (about, FAQ, contact): a muted band, left-aligned on a phone. */
  muted: {
    section: 'border-t bg-muted/40',
    inner: 'container-page flex flex-col items-start gap-4 py-10 sm:items-center sm:text-center',
    text: 'max-w-xl text-muted-foreground',
  },
  /** A band in the brand's colour, centred (the PDF guides' call to contact us). */
  primary: {
    section: 'bg-primary text-primary-foreground',
    inner: 'container-page flex flex-col items-center gap-4 py-12 text-center',
    text: 'max-w-xl opacity-90',
  },
} as const;

/** The band that closes a page: a title (`id` labels the section), a sentence, and its links or buttons. */
export function ClosingBand({
  id,
  title,
  text,
  tone = 'muted',
  children,
}: {
  id: string;
  title: string;
  text: string;
  tone?: keyof typeof tones;
  children: ReactNode;
}) {
  const classes = tones[tone];
  return (
    <section aria-labelledby={id} className={classes.section}>
      <div className={classes.inner}>
        <h2 id={id} className="text-2xl font-bold">
          {title}
        </h2>
        <p className={classes.text}>{text}</p>
        {children}
      </div>
    </section>
  );
}
