import type { DeepPartial, EntityManager } from 'typeorm';
import { In } from 'typeorm';
import { liveEntitlement } from '../entitlements';
import { CatalogueItem, Pdf, Video } from '../entities';
import type { ContentCategory } from '../shared/categories';
import { pageRequest, toPage, type Page } from '../shared/pagination';
import { applyOrder, applySearch, isUuid, returning } from '../shared/query-helpers';
import type { OrderTerm } from '../shared/sort';

/**
 * The items room's one door to the database: every read and write of `videos`, `pdfs` (and the
 * `stamped_pdfs` keys a guide owns) goes through here, with TypeORM's repositories and query
 * builders; the few statements they cannot say (a conditional UPDATE … RETURNING, a counter) are
 * written once here through the same EntityManager.
 */
export type ItemEntity<T extends CatalogueItem> = new () => T;

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
export async function pageOfItems<T extends CatalogueItem>(
  manager: EntityManager,
  entity: ItemEntity<T>,
  alias: string,
  q: ItemListQuery,
  order: OrderTerm[],
): Promise<Page<T>> {
  const a = alias;
  const req = pageRequest(q.page, q.pageSize);
  const qb = manager.getRepository(entity).createQueryBuilder(a).where(q.unpublished ? 'TRUE' : `${a}.published_at IS NOT NULL`);
  if (q.category) qb.andWhere(`${a}.category = :category`, { category: q.category });
  applySearch(qb, a, q.search);
  if (q.ownership) {
    const owned = `SELECT 1 FROM entitlements e WHERE e.user_id = :ownerId AND e.item_id = ${a}.id AND ${liveEntitlement('e')}`;
    qb.andWhere(`${q.ownership.purchased ? '' : 'NOT '}EXISTS (${owned})`, { ownerId: q.ownership.userId });
  }
  applyOrder(qb, a, order);
  const [items, total] = await qb.offset(req.offset).limit(req.pageSize).getManyAndCount();
  return toPage(items, total, req);
}

export function itemById<T extends CatalogueItem>(manager: EntityManager, entity: ItemEntity<T>, id: string): Promise<T | null> {
  // The cast only restates T's id column, which TypeORM's FindOptionsWhere<T> cannot see through a type parameter.
  return isUuid(id) ? (manager.getRepository<CatalogueItem>(entity).findOneBy({ id }) as Promise<T | null>) : Promise.resolve(null);
}

/** The item's row locked for the transaction (null when there is none). */
export async function lockedItem<T extends CatalogueItem>(manager: EntityManager, entity: ItemEntity<T>, id: string): Promise<T | null> {
  if (!isUuid(id)) return null;
  return (await manager.getRepository<CatalogueItem>(entity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } })) as T | null;
}

export async function insertItemRow<T extends CatalogueItem>(manager: EntityManager, entity: ItemEntity<T>, columns: DeepPartial<T>): Promise<T> {
  const item = manager.getRepository(entity).create(columns);
  await manager.getRepository<CatalogueItem>(entity).insert(item);
  return item;
}

export async function saveItem<T extends CatalogueItem>(manager: EntityManager, entity: ItemEntity<T>, item: T): Promise<void> {
  await manager.getRepository(entity).save(item as DeepPartial<T>);
}

export async function deleteItemRow<T extends CatalogueItem>(manager: EntityManager, entity: ItemEntity<T>, id: string): Promise<void> {
  await manager.getRepository<CatalogueItem>(entity).delete({ id });
}

/** Items by id, one statement whatever their number (entity references). */
export async function itemsByIds<T extends Video | Pdf>(manager: EntityManager, entity: ItemEntity<T>, ids: string[]): Promise<Map<string, T | null>> {
  const valid = ids.filter(isUuid);
  if (!valid.length) return new Map();
  const rows = (await manager.getRepository<Video | Pdf>(entity).findBy({ id: In(valid) })) as T[];
  return new Map(rows.map((r) => [r.id, r]));
}

/** Every item of a kind, newest first (the CSV exports). */
export function allItems<T extends CatalogueItem>(manager: EntityManager, entity: ItemEntity<T>): Promise<T[]> {
  return (manager.getRepository<CatalogueItem>(entity).find({ order: { createdAt: 'DESC', id: 'DESC' } }) as Promise<CatalogueItem[]>) as Promise<T[]>;
}

/** Published items after `after` by id (keyset), only what the item events carry. */
export function publishedAfter(manager: EntityManager, entity: ItemEntity<Video> | ItemEntity<Pdf>, after: string, limit: number): Promise<Array<Video | Pdf>> {
  return manager
    .getRepository<Video | Pdf>(entity)
    .createQueryBuilder('i')
    .select(['i.id', 'i.title', 'i.priceCents'])
    .where('i.published_at IS NOT NULL')
    .andWhere('i.id > :after', { after })
    .orderBy('i.id', 'ASC')
    .limit(limit)
    .getMany();
}

export function latestPublishedVideo(manager: EntityManager): Promise<Video | null> {
  return manager
    .getRepository(Video)
    .createQueryBuilder('v')
    .where('v.published_at IS NOT NULL')
    .orderBy('v.createdAt', 'DESC')
    .addOrderBy('v.id', 'DESC')
    .limit(1)
    .getOne();
}

/** Other published videos of the same category, newest first. */
export function videosLike(manager: EntityManager, video: Video, limit: number): Promise<Video[]> {
  return manager
    .getRepository(Video)
    .createQueryBuilder('v')
    .where('v.published_at IS NOT NULL')
    .andWhere('v.category = :category', { category: video.category })
    .andWhere('v.id <> :id', { id: video.id })
    .orderBy('v.createdAt', 'DESC')
    .addOrderBy('v.id', 'DESC')
    .limit(limit)
    .getMany();
}

/** Published videos per category. */
export async function videoCountsByCategory(manager: EntityManager): Promise<Map<ContentCategory, number>> {
  const rows = await manager
    .getRepository(Video)
    .createQueryBuilder('v')
    .select('v.category', 'category')
    .addSelect('count(*)', 'count')
    .where('v.published_at IS NOT NULL')
    .groupBy('v.category')
    .getRawMany<{ category: ContentCategory; count: string }>();
  return new Map(rows.map((r) => [r.category, Number(r.count)]));
}

/**
 * Asks for a new ladder version of a video (inside the caller's transaction): the next number
 * after any built or requested one, the state back to pending. Answers the version (null: no row).
 */
export async function nextStreamVersion(manager: EntityManager, videoId: string): Promise<number | null> {
  const rows = await returning<{ processing_version: number }>(
    manager,
    `UPDATE videos SET processing_version = GREATEST(COALESCE(processing_version, 0), COALESCE(hls_version, 0)) + 1,
       processing_state = 'pending', processing_progress = 0, processing_error = NULL, processing_updated_at = now()
     WHERE id = $1 RETURNING processing_version`,
    [videoId],
  );
  return rows[0]?.processing_version ?? null;
}

/** The video's row locked, and whether a live build holds it (processing, moved within 2 minutes); null: no row. */
export async function lockVideoBuild(manager: EntityManager, id: string): Promise<{ busy: boolean } | null> {
  const row = await manager
    .getRepository(Video)
    .createQueryBuilder('v')
    .select(`v.processing_state = 'processing' AND v.processing_updated_at > now() - interval '2 minutes'`, 'busy')
    .where('v.id = :id', { id })
    .setLock('pessimistic_write')
    .getRawOne<{ busy: boolean }>();
  return row ?? null;
}

/** One more download of a guide; its title (null: the guide is gone). */
export async function countPdfDownload(manager: EntityManager, pdfId: string): Promise<{ title: string } | null> {
  const rows = await returning<{ title: string }>(manager, 'UPDATE pdfs SET download_count = download_count + 1 WHERE id = $1 RETURNING title', [pdfId]);
  return rows[0] ?? null;
}

/** The stamped copies' objects of a guide (deleted with it). */
export async function stampedKeysOf(manager: EntityManager, pdfId: string): Promise<string[]> {
  const rows = await manager
    .createQueryBuilder()
    .select('s.object_key', 'object_key')
    .from('stamped_pdfs', 's')
    .where('s.pdf_id = :pdfId', { pdfId })
    .getRawMany<{ object_key: string }>();
  return rows.map((r) => r.object_key);
}
