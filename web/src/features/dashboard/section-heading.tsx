/**
 * A dashboard tab's heading (level 2) or one of its sections' (level 3), with the sentence under
 * it; `id` is what the section's aria-labelledby names.
 */
export function SectionHeading({ id, title, intro, level = 2 }: { id: string; title: string; intro: string; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div>
      <Heading id={id} className={level === 2 ? 'text-xl font-bold' : 'text-lg font-semibold'}>
        {title}
      </Heading>
      <p className="text-sm text-muted-foreground">{intro}</p>
    </div>
  );
}
