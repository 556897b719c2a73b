import { usePage } from '@/hooks/use-page';

/** An admin screen whose content arrives with its service: the title only, nothing invented. */
export function AdminPage({ title }: { title: string }) {
  usePage(title);
  return <h1 className="text-2xl font-bold tracking-tight">{title}</h1>;
}
