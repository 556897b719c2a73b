import { z } from 'zod';

/**
 * Cursor pagination for the lists integrators page through (issue 24 point 2: orders, customers),
 * newest first. A cursor is opaque to the client: the row's creation time as Postgres wrote it
 * (microseconds and offset kept, `created_at::text`) and its id, so the next page starts strictly
 * after that row ((created_at, id) < cursor) even when the row itself was erased meanwhile.
 */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 25;

export interface PageCursor {
  at: string;
  id: string;
}

export function encodeCursor(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

/** A timestamptz as Postgres writes it in ISO style: 2026-11-27 16:30:01.123456+00. */
const POSTGRES_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2}){0,2}|Z)$/;

export function decodeCursor(text: string): PageCursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [at, id] = value as unknown[];
    if (typeof at !== 'string' || !POSTGRES_TIME.test(at) || !z.uuid().safeParse(id).success) return null;
    return { at, id: id as string };
  } catch {
    return null;
  }
}

const FIRST_MESSAGE = `« first » doit être compris entre 1 et ${MAX_PAGE_SIZE} (first must be between 1 and ${MAX_PAGE_SIZE}).`;

/** `first` (1 to MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE when absent) and `after` (a cursor of this list), checked. */
export const cursorPageArgs = z.object({
  first: z.number().int().min(1, { message: FIRST_MESSAGE }).max(MAX_PAGE_SIZE, { message: FIRST_MESSAGE }).nullish().transform((v) => v ?? DEFAULT_PAGE_SIZE),
  after: z
    .string()
    .max(500)
    .nullish()
    .transform((v, ctx) => {
      if (!v) return null;
      const cursor = decodeCursor(v);
      if (!cursor) ctx.addIssue({ code: 'custom', message: 'Curseur invalide : reprenez un « endCursor » de cette liste (invalid cursor).' });
      return cursor;
    }),
});

export interface Connection<T> {
  nodes: T[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  totalCount: number;
}

/** Rows fetched with LIMIT first + 1: the page, and whether the extra row says a next page exists. */
export function splitPage<R>(rows: readonly R[], first: number): { page: R[]; hasNextPage: boolean } {
  return { page: rows.slice(0, first), hasNextPage: rows.length > first };
}

/** The connection of a page's nodes, each with its cursor. */
export function connectionOf<T>(page: ReadonlyArray<{ node: T; cursor: PageCursor }>, hasNextPage: boolean, totalCount: number): Connection<T> {
  const last = page[page.length - 1];
  return { nodes: page.map((r) => r.node), pageInfo: { hasNextPage, endCursor: last ? encodeCursor(last.cursor) : null }, totalCount };
}
