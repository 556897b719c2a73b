import { queryRows } from '@lbf/service-kit';
import type { EntityManager } from 'typeorm';
import { offlineLicencesOf } from '../offline';

/**
 * The export room's one door (as the erasure room's, across the tables of the rooms that write
 * them): what the catalogue holds about one person, by their user id, with the titles of the items.
 */

const TITLE = (id: string) => `coalesce((SELECT title FROM videos WHERE id = ${id}), (SELECT title FROM pdfs WHERE id = ${id}))`;

/** Owned items (bought, granted, revoked), watch progress, lesson views, the guides' personal copies (never their storage keys), their reviews (with a moderator's reason), the lessons' data use per month and the offline licences (never their secrets). */
export async function cataloguePart(manager: EntityManager, userId: string): Promise<Record<string, unknown>> {
  return {
    ownedItems: await queryRows(
      manager,
      `SELECT e.order_id AS "orderId", e.item_id AS "itemId", e.item_type AS "itemType", ${TITLE('e.item_id')} AS title, e.granted_at AS "grantedAt", e.revoked_at AS "revokedAt"
       FROM entitlements e WHERE e.user_id = $1 ORDER BY e.granted_at NULLS LAST`,
      [userId],
    ),
    watchProgress: await queryRows(
      manager,
      `SELECT w.video_id AS "videoId", v.title, w.position_seconds AS "positionSeconds", w.updated_at AS "updatedAt"
       FROM watch_progress w JOIN videos v ON v.id = w.video_id WHERE w.user_id = $1 ORDER BY w.updated_at DESC`,
      [userId],
    ),
    videoViews: await queryRows(
      manager,
      `SELECT w.video_id AS "videoId", v.title, w.viewed_on AS "viewedOn", w.counted_at AS "countedAt"
       FROM video_views w JOIN videos v ON v.id = w.video_id WHERE w.user_id = $1 ORDER BY w.counted_at DESC`,
      [userId],
    ),
    guideCopies: await queryRows(
      manager,
      `SELECT s.order_id AS "orderId", s.pdf_id AS "pdfId", p.title, s.size, s.created_at AS "createdAt"
       FROM stamped_pdfs s JOIN pdfs p ON p.id = s.pdf_id WHERE s.user_id = $1 ORDER BY s.created_at DESC`,
      [userId],
    ),
    reviews: await queryRows(
      manager,
      `SELECT r.id, r.item_id AS "itemId", r.item_type AS "itemType", ${TITLE('r.item_id')} AS title, r.rating, r.body AS text, r.reviewer_name AS "shownAs",
              r.created_at AS "createdAt", r.updated_at AS "updatedAt", r.hidden_at AS "hiddenAt", r.hidden_reason AS "hiddenReason"
       FROM reviews r WHERE r.user_id = $1 ORDER BY r.created_at`,
      [userId],
    ),
    lessonDataUse: await queryRows(
      manager,
      `SELECT to_char(month, 'YYYY-MM') AS month, bytes::float8 AS bytes, offline_bytes::float8 AS "offlineBytes"
       FROM lesson_data_use WHERE user_id = $1 ORDER BY month DESC`,
      [userId],
    ),
    offlineLicences: await offlineLicencesOf(manager, userId),
  };
}
