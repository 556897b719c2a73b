import { fromRow, queryRows, type Row } from '@lbf/service-kit';
import type { EntityManager } from 'typeorm';
import { pageRequest, toPage, type Page } from '../shared/pagination';
import { isUuid, SearchFilter } from '../shared/query-helpers';
import { searchDocument } from '../shared/search';
import type { RatingSummary, Review } from './records';
import { roundedAverage, type ReviewCursor } from './rules';

/*
 * The reviews room's one door to the database: `reviews`, one row per person and item (the unique
 * key reviews_one_per_user_item), written by their author, hidden by administrators, deleted by a
 * refund or an account's erasure.
 */

type Sql = Pick<EntityManager, 'query'>;
export type ReviewWithItem = Review & { itemTitle: string | null };

const toReview = (r: Row) => fromRow<Review>(r);
/** The columns a record holds (not the search copy). */
const COLUMNS = 'id, item_id, item_type, user_id, reviewer_name, rating, body, created_at, updated_at, hidden_at, hidden_by, hidden_reason';

/** What a review's writing sets: the record's own fields, `at` its creation or update time. */
export type ReviewWrite = Pick<Review, 'id' | 'itemId' | 'itemType' | 'userId' | 'reviewerName' | 'rating' | 'body'> & { at: Date };

/**
 * Writes the person's review of the item, or edits the one they wrote: one statement on the unique
 * key, so two calls at once leave one row (the second edits it). A hidden review stays hidden.
 */
export async function upsertReview(manager: Sql, w: ReviewWrite): Promise<Review> {
  const rows = await queryRows<Row>(
    manager,
    `INSERT INTO reviews (id, item_id, item_type, user_id, reviewer_name, rating, body, search_text, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
     ON CONFLICT ON CONSTRAINT reviews_one_per_user_item
     DO UPDATE SET rating = EXCLUDED.rating, body = EXCLUDED.body, search_text = EXCLUDED.search_text, updated_at = EXCLUDED.updated_at
     RETURNING ${COLUMNS}`,
    [w.id, w.itemId, w.itemType, w.userId, w.reviewerName, w.rating, w.body, searchDocument(w.reviewerName, w.body), w.at],
  );
  return toReview(rows[0]!);
}

export async function reviewOf(manager: Sql, userId: string, itemId: string): Promise<Review | null> {
  if (!isUuid(itemId)) return null;
  const rows = await queryRows<Row>(manager, `SELECT ${COLUMNS} FROM reviews WHERE user_id = $1 AND item_id = $2`, [userId, itemId]);
  return rows[0] ? toReview(rows[0]) : null;
}

/** A review, locked for an administrator's change; null when unknown. */
export async function lockedReview(manager: Sql, id: string): Promise<Review | null> {
  if (!isUuid(id)) return null;
  const rows = await queryRows<Row>(manager, `SELECT ${COLUMNS} FROM reviews WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0] ? toReview(rows[0]) : null;
}

/** Hides a review (who, when, why), or shows it again with `null`. */
export async function setHidden(manager: Sql, id: string, hidden: { at: Date; by: string; reason: string } | null): Promise<Review> {
  const rows = await queryRows<Row>(manager, `UPDATE reviews SET hidden_at = $2, hidden_by = $3, hidden_reason = $4 WHERE id = $1 RETURNING ${COLUMNS}`, [
    id,
    hidden?.at ?? null,
    hidden?.by ?? null,
    hidden?.reason ?? null,
  ]);
  return toReview(rows[0]!);
}

/** The visible reviews' average and count of each item: one statement whatever their number. */
export async function summariesOf(manager: Sql, itemIds: string[]): Promise<Map<string, RatingSummary>> {
  const ids = itemIds.filter(isUuid);
  if (!ids.length) return new Map();
  const rows = await queryRows<{ item_id: string; total: number; count: number }>(
    manager,
    `SELECT item_id, sum(rating)::int AS total, count(*)::int AS count FROM reviews
      WHERE item_id = ANY($1::uuid[]) AND hidden_at IS NULL GROUP BY item_id`,
    [ids],
  );
  return new Map(rows.map((r) => [r.item_id, { average: roundedAverage(r.total, r.count), count: r.count }]));
}

/** A page of an item's visible reviews, newest first, after `cursor`; `limit` rows at most. */
export async function visibleReviews(manager: Sql, itemId: string, cursor: ReviewCursor | null, limit: number): Promise<Review[]> {
  if (!isUuid(itemId)) return [];
  const after = cursor ? 'AND (created_at, id) < ($3, $4)' : '';
  const rows = await queryRows<Row>(
    manager,
    `SELECT ${COLUMNS} FROM reviews WHERE item_id = $1 AND hidden_at IS NULL ${after} ORDER BY created_at DESC, id DESC LIMIT $2`,
    cursor ? [itemId, limit, cursor.createdAt, cursor.id] : [itemId, limit],
  );
  return rows.map(toReview);
}

export interface AdminReviewQuery {
  search?: string | null;
  hidden?: boolean | null;
  rating?: number | null;
  itemType?: 'video' | 'pdf' | null;
  page?: number | null;
  pageSize?: number | null;
}

/** Every review for the back office, hidden ones included, with its item's title; newest first. */
export async function adminReviewPage(manager: Sql, q: AdminReviewQuery): Promise<Page<ReviewWithItem>> {
  const req = pageRequest(q.page, q.pageSize);
  const f = new SearchFilter();
  if (typeof q.hidden === 'boolean') f.and(q.hidden ? 'r.hidden_at IS NOT NULL' : 'r.hidden_at IS NULL');
  if (q.rating) f.and(`r.rating = ${f.param(q.rating)}`);
  if (q.itemType) f.and(`r.item_type = ${f.param(q.itemType)}`);
  f.search('r', q.search);
  const from = `FROM reviews r LEFT JOIN videos v ON v.id = r.item_id LEFT JOIN pdfs p ON p.id = r.item_id ${f.where}`;
  const [rows, total] = await Promise.all([
    queryRows<Row>(manager, `SELECT ${COLUMNS.split(', ').map((c) => `r.${c}`).join(', ')}, COALESCE(v.title, p.title) AS item_title ${from} ORDER BY r.created_at DESC, r.id DESC LIMIT ${req.pageSize} OFFSET ${req.offset}`, f.params),
    queryRows<{ n: number }>(manager, `SELECT count(*)::int AS n ${from}`, f.params),
  ]);
  return toPage(rows.map((r) => fromRow<ReviewWithItem>(r)), total[0]?.n ?? 0, req);
}

/** A refunded buyer's review of the item (unless another live order still gives it them); whether one went. */
export async function deleteReviewOf(manager: Sql, userId: string, itemId: string): Promise<boolean> {
  return (await queryRows(manager, 'DELETE FROM reviews WHERE user_id = $1 AND item_id = $2 RETURNING id', [userId, itemId])).length > 0;
}

/** An erased account's reviews (issue 23): their words and name go; how many. */
export async function deleteReviewsOf(manager: Sql, userId: string): Promise<number> {
  return (await queryRows(manager, 'DELETE FROM reviews WHERE user_id = $1 RETURNING id', [userId])).length;
}

/** A deleted item's reviews. */
export async function deleteReviewsOfItem(manager: Sql, itemId: string): Promise<number> {
  return (await queryRows(manager, 'DELETE FROM reviews WHERE item_id = $1 RETURNING id', [itemId])).length;
}
