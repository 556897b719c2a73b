import { queryRows, type Row } from '@lbf/service-kit';
import type { EntityManager } from 'typeorm';
import { liveEntitlement } from '../entitlements';
import type { ContentCategory } from '../shared/categories';
import type { Page } from '../shared/pagination';
import { insertRecord, isUuid, orderBy, pageOfRecords, recordById, saveRecord, SearchFilter } from '../shared/query-helpers';
import { toRecord, type CatalogueItem, type Pdf, type Video } from '../shared/records';
import type { OrderTerm } from '../shared/sort';

/**
 * The items room's one door to the database: every read and write of `videos`, `pdfs` (and the
 * `stamped_pdfs` keys a guide owns) goes through here, as SQL through the EntityManager (the
 * catalogue's one way, as in every service), rows turned into records by shared/records.ts.
 */
export type ItemTable = 'videos' | 'pdfs';

export interface ItemListQuery {
  search?: string | null;
  category?: ContentCategory | null;
  page?: number | null;
  pageSize?: number | null;
  /** Only the items this user owns (purchased true) or does not own (false); the caller checked who asks. */
  ownership?: { userId: string; purchased: boolean } | null;
  /** Unpublished items too (administrators' lists); the caller checked who asks. */
  unpublished?: boolean;
}

/** A page of published items (all when `unpublished`), filtered by category, search words and ownership. */
export function pageOfItems<T extends CatalogueItem>(manager: EntityManager, table: ItemTable, q: ItemListQuery, order: OrderTerm[]): Promise<Page<T>> {
  const filter = new SearchFilter();
  if (!q.unpublished) filter.and('i.published_at IS NOT NULL');
  if (q.category) filter.and(`i.category = ${filter.param(q.category)}`);
  filter.search('i', q.search);
  if (q.ownership) {
    const owned = `SELECT 1 FROM entitlements e WHERE e.user_id = ${filter.param(q.ownership.userId)} AND e.item_id = i.id AND ${liveEntitlement('e')}`;
    filter.and(`${q.ownership.purchased ? '' : 'NOT '}EXISTS (${owned})`);
  }
  return pageOfRecords<T>(manager, `${table} i`, filter, orderBy('i', order), q);
}

export function itemById<T extends CatalogueItem>(manager: EntityManager, table: ItemTable, id: string): Promise<T | null> {
  return recordById<T>(manager, table, id, false);
}

/** The item's row locked for the transaction (null when there is none). */
export function lockedItem<T extends CatalogueItem>(manager: EntityManager, table: ItemTable, id: string): Promise<T | null> {
  return recordById<T>(manager, table, id, true);
}

/** Inserts the item; its row as stored (the columns not given take their defaults). */
export function insertItemRow<T extends CatalogueItem>(manager: EntityManager, table: ItemTable, columns: Partial<T>): Promise<T> {
  return insertRecord<T>(manager, table, columns);
}

/** Writes every field of the item to its row. */
export function saveItem<T extends CatalogueItem>(manager: EntityManager, table: ItemTable, item: T): Promise<void> {
  return saveRecord(manager, table, item);
}

export async function deleteItemRow(manager: EntityManager, table: ItemTable, id: string): Promise<void> {
  await manager.query(`DELETE FROM ${table} WHERE id = $1`, [id]);
}

/** Items by id, one statement whatever their number (entity references). */
export async function itemsByIds<T extends Video | Pdf>(manager: EntityManager, table: ItemTable, ids: string[]): Promise<Map<string, T | null>> {
  const valid = ids.filter(isUuid);
  if (!valid.length) return new Map();
  const rows = (await manager.query(`SELECT * FROM ${table} WHERE id = ANY($1::uuid[])`, [valid])) as Row[];
  return new Map(rows.map((r) => toRecord<T>(r)).map((r) => [r.id, r]));
}

/** Every item of a kind, newest first (the CSV exports). */
export async function allItems<T extends CatalogueItem>(manager: EntityManager, table: ItemTable): Promise<T[]> {
  const rows = (await manager.query(`SELECT * FROM ${table} ORDER BY created_at DESC, id DESC`)) as Row[];
  return rows.map((r) => toRecord<T>(r));
}

/** Published items after `after` by id (keyset), only what the item events carry. */
export async function publishedAfter(manager: EntityManager, table: ItemTable, after: string, limit: number): Promise<Array<Pick<CatalogueItem, 'id' | 'title' | 'priceCents'>>> {
  const rows = (await manager.query(`SELECT id, title, price_cents FROM ${table} WHERE published_at IS NOT NULL AND id > $1 ORDER BY id ASC LIMIT $2`, [after, limit])) as Row[];
  return rows.map((r) => toRecord<Pick<CatalogueItem, 'id' | 'title' | 'priceCents'>>(r));
}

async function publishedVideos(manager: EntityManager, where: string, params: unknown[], limit: number): Promise<Video[]> {
  const rows = (await manager.query(
    `SELECT * FROM videos WHERE published_at IS NOT NULL${where} ORDER BY created_at DESC, id DESC LIMIT $${params.length + 1}`,
    [...params, limit],
  )) as Row[];
  return rows.map((r) => toRecord<Video>(r));
}

export async function latestPublishedVideo(manager: EntityManager): Promise<Video | null> {
  const [video] = await publishedVideos(manager, '', [], 1);
  return video ?? null;
}

/** Other published videos of the same category, newest first. */
export function videosLike(manager: EntityManager, video: Video, limit: number): Promise<Video[]> {
  return publishedVideos(manager, ' AND category = $1 AND id <> $2', [video.category, video.id], limit);
}

/** Published videos per category. */
export async function videoCountsByCategory(manager: EntityManager): Promise<Map<ContentCategory, number>> {
  const rows = (await manager.query(`SELECT category, count(*) AS count FROM videos WHERE published_at IS NOT NULL GROUP BY category`)) as Array<{
    category: ContentCategory;
    count: string;
  }>;
  return new Map(rows.map((r) => [r.category, Number(r.count)]));
}

/**
 * Asks for a new ladder version of a video (inside the caller's transaction): the next number
 * after any built or requested one, the state back to pending. Answers the version (null: no row).
 */
export async function nextStreamVersion(manager: EntityManager, videoId: string): Promise<number | null> {
  const rows = await queryRows<{ processing_version: number }>(
    manager,
    `UPDATE videos SET processing_version = GREATEST(COALESCE(processing_version, 0), COALESCE(hls_version, 0)) + 1,
       processing_state = 'pending', processing_progress = 0, processing_error = NULL, processing_updated_at = now()
     WHERE id = $1 RETURNING processing_version`,
    [videoId],
  );
  return rows[0]?.processing_version ?? null;
}

/** The video's row locked, and whether a live build holds it (processing, moved within 2 minutes); null: no row. */
export async function lockVideoBuild(manager: EntityManager, id: string): Promise<{ busy: boolean; title: string } | null> {
  const [row] = await queryRows<{ busy: boolean; title: string }>(
    manager,
    `SELECT processing_state = 'processing' AND processing_updated_at > now() - interval '2 minutes' AS busy, title FROM videos WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return row ?? null;
}

/** One more download of a guide; its title (null: the guide is gone). */
export async function countPdfDownload(manager: EntityManager, pdfId: string): Promise<{ title: string } | null> {
  const rows = await queryRows<{ title: string }>(manager, 'UPDATE pdfs SET download_count = download_count + 1 WHERE id = $1 RETURNING title', [pdfId]);
  return rows[0] ?? null;
}

/** The stamped copies' objects of a guide (deleted with it). */
export async function stampedKeysOf(manager: EntityManager, pdfId: string): Promise<string[]> {
  const rows = await queryRows<{ object_key: string }>(manager, 'SELECT object_key FROM stamped_pdfs WHERE pdf_id = $1', [pdfId]);
  return rows.map((r) => r.object_key);
}
