import type { EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { containsPattern, searchTerms } from './search';
import type { OrderTerm } from './sort';

/** Every search word must appear in the row's normalised search column. */
export function applySearch<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, alias: string, search: string | null | undefined): SelectQueryBuilder<T> {
  searchTerms(search).forEach((term, i) => {
    qb.andWhere(`${alias}.search_text LIKE :term${i}`, { [`term${i}`]: containsPattern(term) });
  });
  return qb;
}

export function applyOrder<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, alias: string, order: OrderTerm[]): SelectQueryBuilder<T> {
  order.forEach((o, i) => {
    const column = `${alias}.${o.property}`;
    if (i === 0) qb.orderBy(column, o.direction, o.nulls);
    else qb.addOrderBy(column, o.direction, o.nulls);
  });
  return qb;
}

/**
 * Rows of an UPDATE/DELETE … RETURNING through TypeORM's raw query, which answers those commands
 * with [rows, rowCount] rather than the rows alone.
 */
export async function returning<R>(manager: Pick<EntityManager, 'query'>, sql: string, params: unknown[]): Promise<R[]> {
  const raw: unknown = await manager.query(sql, params);
  if (Array.isArray(raw) && raw.length === 2 && Array.isArray(raw[0]) && typeof raw[1] === 'number') return raw[0] as R[];
  return raw as R[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can be looked up in a uuid column (anything else is simply not found). */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}
