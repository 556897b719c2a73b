/** Anything that runs SQL: a DataSource or a transaction's EntityManager. */
export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/**
 * TypeORM's Postgres driver answers UPDATE and DELETE with `[rows, rowCount]` (other statements
 * with the rows alone); this gives both, named.
 */
export async function modify<T = unknown>(db: Queryable, sql: string, params: unknown[] = []): Promise<{ rows: T[]; count: number }> {
  const [rows, count] = (await db.query(sql, params)) as [T[], number];
  return { rows, count };
}
