import { containsPattern, insertRow, queryRows, SqlFilter, updateById, type Row } from '@lbf/service-kit';
import type { EntityManager } from 'typeorm';
import { pageRequest, toPage, type Page } from './pagination';
import { toRecord } from './records';
import { searchTerms } from './search';
import type { OrderTerm } from './sort';

/** The kit's SqlFilter with the catalogue's word search. */
export class SearchFilter extends SqlFilter {
  /** Every search word must appear in the row's normalised search column. */
  search(alias: string, search: string | null | undefined): this {
    for (const term of searchTerms(search)) this.and(`${alias}.search_text LIKE ${this.param(containsPattern(term))}`);
    return this;
  }
}

const column = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** `ORDER BY …` of the sort terms (fields of the records, as their columns). */
export function orderBy(alias: string, order: OrderTerm[]): string {
  return `ORDER BY ${order.map((o) => `${alias}.${column(o.property)} ${o.direction}${o.nulls ? ` ${o.nulls}` : ''}`).join(', ')}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can be looked up in a uuid column (anything else is simply not found). */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}

/**
 * A page of records: the rows of `from` (a table and its alias) that pass the filter, in `order`,
 * and how many pass in all (two statements, as a count and a slice).
 */
export async function pageOfRecords<T>(
  manager: Sql,
  from: string,
  filter: SqlFilter,
  order: string,
  q: { page?: number | null; pageSize?: number | null },
): Promise<Page<T>> {
  const req = pageRequest(q.page, q.pageSize);
  const [{ total }] = (await manager.query(`SELECT count(*)::int AS total FROM ${from} ${filter.where}`, filter.params)) as [{ total: number }];
  const n = filter.params.length;
  const rows = (await manager.query(`SELECT * FROM ${from} ${filter.where} ${order} OFFSET $${n + 1} LIMIT $${n + 2}`, [...filter.params, req.offset, req.pageSize])) as Row[];
  return toPage(rows.map((r) => toRecord<T>(r)), total, req);
}

type Sql = Pick<EntityManager, 'query'>;

/** A record by id, its row locked for the transaction when asked (null: none, or not an id). */
export async function recordById<T>(manager: Sql, table: string, id: string, lock: boolean): Promise<T | null> {
  if (!isUuid(id)) return null;
  const [row] = await queryRows<Row>(manager, `SELECT * FROM ${table} WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return row ? toRecord<T>(row) : null;
}

/** Inserts a record's defined fields; the record as stored (the columns not given take their defaults). */
export async function insertRecord<T>(manager: Sql, table: string, columns: Partial<T>): Promise<T> {
  const insert = insertRow(table, columns);
  const [row] = await queryRows<Row>(manager, insert.sql, insert.params);
  return toRecord<T>(row!);
}

/** Writes every field of the record to its row. */
export async function saveRecord(manager: Sql, table: string, record: { id: string }): Promise<void> {
  const { id, ...fields } = record;
  const update = updateById(table, id, fields);
  if (update) await manager.query(update.sql, update.params);
}
