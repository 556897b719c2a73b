import type { ReactNode } from 'react';

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
