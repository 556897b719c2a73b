import type { EntityManager } from 'typeorm';

/** A row as raw SQL returns it (every module's store reads through the EntityManager). */
export type Row = Record<string, unknown>;

/** A timestamp column as the API's ISO-8601 string; null stays null. */
export const iso = (v: unknown): string | null => (v ? new Date(v as string | Date).toISOString() : null);

/** UPDATE ... RETURNING through TypeORM (which answers [rows, count] for an UPDATE on Postgres). */
export async function updateReturning<T>(manager: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  const raw = (await manager.query(sql, params)) as unknown;
  if (Array.isArray(raw) && raw.length === 2 && Array.isArray(raw[0]) && typeof raw[1] === 'number') return raw[0] as T[];
  return raw as T[];
}

/** A search term for ILIKE: % _ and \ match themselves. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids: anything else is looked up as nothing (never sent to a uuid column). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
