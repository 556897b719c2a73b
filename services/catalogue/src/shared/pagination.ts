export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 100;

export interface PageRequest {
  page: number;
  pageSize: number;
  offset: number;
}

/** Page numbers start at 1; out-of-range values are brought back into range rather than refused. */
export function pageRequest(page: number | null | undefined, pageSize: number | null | undefined): PageRequest {
  const size = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(pageSize ?? DEFAULT_PAGE_SIZE)));
  const p = Math.max(1, Math.trunc(page ?? 1));
  return { page: p, pageSize: size, offset: (p - 1) * size };
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
}

export function toPage<T>(items: T[], total: number, req: PageRequest): Page<T> {
  return { items, total, page: req.page, pageSize: req.pageSize, totalPages: Math.max(1, Math.ceil(total / req.pageSize)) };
}
