import { typeset } from '@/lib/format/catalogue';

/** An item's whole description under its heading (`id` labels the section), line breaks kept. */
export function DescriptionSection({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      <p className="leading-relaxed whitespace-pre-line text-muted-foreground">{typeset(text)}</p>
    </section>
  );
}
