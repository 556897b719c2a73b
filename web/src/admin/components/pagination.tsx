import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { adminFr } from '@/i18n/admin';

export function Pagination({ page, totalPages, onPage }: { page: number; totalPages: number; onPage(page: number): void }) {
  if (totalPages <= 1) return null;
  const t = adminFr.common;
  return (
    <nav aria-label={t.pagination} className="mt-4 flex items-center justify-between gap-2">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" />
        {t.previous}
      </Button>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t.pageOf(page, totalPages)}
      </p>
      <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {t.next}
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
