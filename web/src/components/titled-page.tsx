import { usePage } from '@/hooks/use-page';

/** A screen whose content arrives with a later service: its title, and nothing invented. */
export function TitledPage({ title }: { title: string }) {
  usePage(title);
  return (
    <section className="container-page py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
    </section>
  );
}
