import { QueryFailedError } from 'typeorm';

/**
 * Identity's one way to the database: raw SQL through a DataSource or a transaction's EntityManager
 * (each module's store.ts holds its statements; no TypeORM repositories).
 */
export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/** The rows of a SELECT (or of an INSERT ... RETURNING), typed by the caller. */
export async function select<T>(db: Queryable, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await db.query(sql, params)) as T[];
}

/**
 * TypeORM's Postgres driver answers UPDATE and DELETE with `[rows, rowCount]` (other statements
 * with the rows alone); this gives both, named.
 */
export async function modify<T = unknown>(db: Queryable, sql: string, params: unknown[] = []): Promise<{ rows: T[]; count: number }> {
  const [rows, count] = (await db.query(sql, params)) as [T[], number];
  return { rows, count };
}

/** A unique index refused the row (two sign-ups with one e-mail, two bans at once). */
export function isUniqueViolation(err: unknown): boolean {
  return err instanceof QueryFailedError && (err.driverError as { code?: string } | undefined)?.code === '23505';
}
