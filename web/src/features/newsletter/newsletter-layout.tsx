import { CheckCircle2, CircleAlert, Mail, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { Card } from '@/components/ui/card';
import { usePageMeta } from '@/lib/page-meta';
import { cn } from '@/lib/utils';

/**
 * The title of a newsletter page. These pages do not record a page visit (usePage would): their
 * path carries the mail's token, which has no place in the analytics (nor in a search engine: noindex).
 */
export function useNewsletterTitle(title: string): void {
  usePageMeta({ title, noindex: true });
}

const tones: Record<'info' | 'success' | 'error', { Icon: LucideIcon; className: string }> = {
  info: { Icon: Mail, className: 'bg-accent text-primary' },
  success: { Icon: CheckCircle2, className: 'bg-accent text-primary' },
  error: { Icon: CircleAlert, className: 'bg-destructive/10 text-destructive' },
};

/** One card in the middle of the page: an icon, a title, what happened and what to do. */
export function NewsletterCard({
  tone,
  title,
  children,
  testId,
}: {
  tone: keyof typeof tones;
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  const { Icon, className } = tones[tone];
  return (
    <section className="container-page flex justify-center py-10 sm:py-16">
      <Card className="flex w-full max-w-lg flex-col items-center gap-4 p-6 text-center sm:p-8" data-testid={testId}>
        <span className={cn('grid size-14 place-items-center rounded-full', className)}>
          <Icon className="size-7" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {children}
      </Card>
    </section>
  );
}

export function HomeLink({ label }: { label: string }) {
  return (
    <Link to={paths.home()} className="font-medium text-primary underline underline-offset-4 hover:text-primary/80">
      {label}
    </Link>
  );
}
