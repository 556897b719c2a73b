/**
 * Every service reads and writes its tables in one way (issue 21): SQL through TypeORM's
 * EntityManager (`manager.query`), each module's `store.ts` being its only door. These pure helpers
 * are what those doors kept writing again: rows of a `… RETURNING`, snake_case rows as camelCase
 * records, and the INSERT/UPDATE of a record's defined fields.
 */

/** What runs a statement: an EntityManager, a QueryRunner, a DataSource. */
export interface SqlRunner {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/** A row as raw SQL returns it. */
export type Row = Record<string, unknown>;

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * The rows of a statement: TypeORM's postgres driver answers an UPDATE/DELETE … RETURNING with
 * [rows, count] rather than the rows alone; a SELECT's (or INSERT's) rows are passed through.
 */
export function returnedRows<T>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return result as T[];
}

/** Runs a statement and answers its rows (see returnedRows). */
export async function queryRows<T>(db: SqlRunner, sql: string, params: unknown[] = []): Promise<T[]> {
  return returnedRows<T>(await db.query(sql, params));
}

/** A row with its snake_case columns as camelCase fields (values as the driver gave them). */
export function fromRow<T>(row: Row): T {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [camel(k), v])) as T;
}

/** A value as a statement parameter: objects and arrays go to jsonb columns as JSON (node-postgres would send an array as a Postgres array). */
function param(v: unknown): unknown {
  return v !== null && typeof v === 'object' && !(v instanceof Date) && !Buffer.isBuffer(v) ? JSON.stringify(v) : v;
}

const defined = (record: Record<string, unknown>) => Object.entries(record).filter(([, v]) => v !== undefined);

/** `INSERT INTO table (a, b) VALUES ($1, $2) RETURNING *` for the fields of `record` that are defined (the others take the column's default). */
export function insertRow(table: string, record: Record<string, unknown>): { sql: string; params: unknown[] } {
  const entries = defined(record);
  const columns = entries.map(([k]) => snake(k)).join(', ');
  const values = entries.map((_, i) => `$${i + 1}`).join(', ');
  return { sql: `INSERT INTO ${table} (${columns}) VALUES (${values}) RETURNING *`, params: entries.map(([, v]) => param(v)) };
}

/** `UPDATE table SET a = $2, b = $3 WHERE id = $1` for the fields of `patch` that are defined; null when none is. */
export function updateById(table: string, id: string, patch: Record<string, unknown>): { sql: string; params: unknown[] } | null {
  const entries = defined(patch);
  if (!entries.length) return null;
  const sets = entries.map(([k], i) => `${snake(k)} = $${i + 2}`);
  return { sql: `UPDATE ${table} SET ${sets.join(', ')} WHERE id = $1`, params: [id, ...entries.map(([, v]) => param(v))] };
}

/** A LIKE pattern matching the text anywhere, its own % _ and \ taken literally (LIKE's default escape). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The WHERE of a statement built from optional filters, with its parameters numbered as they are added. */
export class SqlFilter {
  readonly params: unknown[] = [];
  private readonly conditions: string[] = [];

  /** A parameter's placeholder ($n). */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  and(condition: string): this {
    this.conditions.push(condition);
    return this;
  }

  /**
   * `column` within the days from…to of the site's time zone, both included (a back-office list's
   * date filter: the days are the site's, the column a timestamptz).
   */
  siteDays(column: string, days: { from?: string | null; to?: string | null } | null | undefined, siteTimezone: string): this {
    if (!days?.from && !days?.to) return this;
    const zone = `${this.param(siteTimezone)}::text`;
    if (days.from) this.and(`${column} >= (${this.param(days.from)}::date)::timestamp AT TIME ZONE ${zone}`);
    if (days.to) this.and(`${column} < ((${this.param(days.to)}::date + 1)::timestamp AT TIME ZONE ${zone})`);
    return this;
  }

  get where(): string {
    return this.conditions.length ? `WHERE ${this.conditions.join(' AND ')}` : '';
  }
}

/**
 * A back-office list: how many rows of `from` pass the filter, and those rows in `order`, all of
 * them (an export) or `limit` from `offset` (a page).
 */
export async function filteredRows<T>(
  db: SqlRunner,
  q: { select: string; from: string; filter: SqlFilter; order: string; limit: number | null; offset: number },
): Promise<{ rows: T[]; total: number }> {
  const { where, params } = q.filter;
  const [{ total }] = await queryRows<{ total: number }>(db, `SELECT count(*)::int AS total FROM ${q.from} ${where}`, params);
  const page = q.limit === null ? '' : ` LIMIT ${q.limit} OFFSET ${q.offset}`;
  const rows = await queryRows<T>(db, `SELECT ${q.select} FROM ${q.from} ${where} ORDER BY ${q.order}${page}`, params);
  return { rows, total: total! };
}
