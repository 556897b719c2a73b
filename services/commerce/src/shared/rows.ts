/**
 * Commerce reads and writes its tables in one way (issue 21): SQL through the EntityManager, each
 * module's `store.ts` being its only door. These pure helpers turn rows into the entity shapes
 * (src/entities.ts) and a patch into an UPDATE.
 */

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** A row with its snake_case columns as the entity's camelCase fields (values as the driver gave them). */
export function fromRow<T>(row: Record<string, unknown>): T {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [camel(k), v])) as T;
}

/** Rows of an UPDATE … RETURNING through TypeORM's postgres driver ([rows, count]), or a SELECT's rows. */
export function returned<T>(result: unknown): T[] {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];
}

/** `UPDATE table SET a = $2, b = $3 WHERE id = $1` for the fields of `patch` that are defined; null when none is. */
export function updateById(table: string, id: string, patch: Record<string, unknown>): { sql: string; params: unknown[] } | null {
  const entries = Object.entries(patch).filter(([, v]) => v !== undefined);
  if (!entries.length) return null;
  const sets = entries.map(([k], i) => `${snake(k)} = $${i + 2}`);
  return { sql: `UPDATE ${table} SET ${sets.join(', ')} WHERE id = $1`, params: [id, ...entries.map(([, v]) => v)] };
}
