import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export interface PagerLabels {
  /** The navigation's name for assistive technologies. */
  nav: string;
  previous: string;
  next: string;
  pageOf(page: number, totalPages: number): string;
}

/**
 * Previous / « Page n sur m » / next, as buttons (a list whose page lives in the screen's state: the
 * back-office lists, the customer's inbox); nothing when there is one page. The public lists' pages
 * are links instead (ui/pagination.tsx).
 */
export function Pager({ page, totalPages, onPage, labels, className }: { page: number; totalPages: number; onPage(page: number): void; labels: PagerLabels; className?: string }) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={labels.nav} className={cn('flex items-center justify-between gap-2', className)}>
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(Math.max(1, page - 1))}>
        <ChevronLeft aria-hidden="true" />
        {labels.previous}
      </Button>
      <p className="text-sm whitespace-nowrap text-muted-foreground" aria-live="polite">
        {labels.pageOf(page, totalPages)}
      </p>
      <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => onPage(Math.min(totalPages, page + 1))}>
        {labels.next}
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
