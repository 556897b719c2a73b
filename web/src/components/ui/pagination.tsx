import { ChevronLeft, ChevronRight, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { catalogueText } from '@/i18n/catalogue';
import { cn } from '@/lib/utils';

const t = catalogueText.pagination;

/** The page numbers to show: the first, the last, and two either side of the current one. */
export function pageWindow(page: number, totalPages: number): Array<number | 'gap'> {
  const shown = new Set([1, totalPages, page - 2, page - 1, page, page + 1, page + 2]);
  const pages = [...shown].filter((n) => n >= 1 && n <= totalPages).sort((a, b) => a - b);
  const out: Array<number | 'gap'> = [];
  for (const n of pages) {
    const prev = out[out.length - 1];
    if (typeof prev === 'number' && n - prev > 1) out.push('gap');
    out.push(n);
  }
  return out;
}

const item =
  'inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-md border bg-card px-3 text-sm font-medium hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring';

/** The previous or next page's arrow: a link, or dimmed and hidden from screen readers at either end (`search` null). */
function StepLink({ search, label, rel, Icon }: { search: string | null; label: string; rel: 'prev' | 'next'; Icon: LucideIcon }) {
  return (
    <li>
      {search !== null ? (
        <Link to={{ search }} className={item} aria-label={label} rel={rel}>
          <Icon className="size-4" aria-hidden="true" />
        </Link>
      ) : (
        <span className={cn(item, 'pointer-events-none opacity-40')} aria-hidden="true">
          <Icon className="size-4" />
        </span>
      )}
    </li>
  );
}

/**
 * Real links (?page=N) so every page has an address, works without script and can be shared.
 * `search` gives the query string for a page number, keeping the other filters.
 */
export function Pagination({ page, totalPages, search }: { page: number; totalPages: number; search: (page: number) => string }) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t.label} className="flex flex-col items-center gap-3">
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        <StepLink search={page > 1 ? search(page - 1) : null} label={t.previous} rel="prev" Icon={ChevronLeft} />
        {pageWindow(page, totalPages).map((n, index) =>
          n === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-muted-foreground">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={{ search: search(n) }}
                aria-label={t.page(n)}
                aria-current={n === page ? 'page' : undefined}
                className={cn(item, n === page && 'border-primary bg-primary text-primary-foreground hover:bg-primary/90')}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        <StepLink search={page < totalPages ? search(page + 1) : null} label={t.next} rel="next" Icon={ChevronRight} />
      </ul>
      <p className="text-xs text-muted-foreground">{t.status(page, totalPages)}</p>
    </nav>
  );
}
