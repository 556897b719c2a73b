import { Pager } from '@/components/ui/pager';
import { adminFr } from '@/i18n/admin';

const t = adminFr.common;
const labels = { nav: t.pagination, previous: t.previous, next: t.next, pageOf: t.pageOf };

/** A back-office list's pages (the UI kit's Pager with the back-office's words). */
export function Pagination(props: { page: number; totalPages: number; onPage(page: number): void }) {
  return <Pager {...props} labels={labels} className="mt-4" />;
}
