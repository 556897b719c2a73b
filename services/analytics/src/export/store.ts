import type { EntityManager } from 'typeorm';

/**
 * The export room's one door, across the raw read models the users and statistics rooms write:
 * what analytics ties to one person, by their user id (the same tables the erasure pseudonymises).
 */

const rows = (manager: EntityManager, sql: string, userId: string) => manager.query(sql, [userId]) as Promise<unknown[]>;

/** Page visits are never tied to an account: said in the part, so that the archive answers the question. */
export const PAGE_VISITS_NOTE =
  "Les visites de pages sont comptées sous un identifiant de visiteur anonyme tiré au hasard par votre navigateur (lbf_visitor_id), jamais rattaché à votre compte : aucune visite de page n'est liée à vous.";

export async function analyticsPart(manager: EntityManager, userId: string): Promise<Record<string, unknown>> {
  return {
    registration: (await rows(manager, 'SELECT origin, registered_at AS "registeredAt" FROM registrations WHERE user_id = $1', userId))[0] ?? null,
    purchases: await rows(
      manager,
      `SELECT order_id AS "orderId", item_id AS "itemId", item_type AS "itemType", item_title AS "itemTitle", amount_xaf AS "amountXaf", provider, completed_at AS "completedAt"
       FROM purchases WHERE buyer_id = $1 ORDER BY completed_at`,
      userId,
    ),
    videoViews: await rows(manager, 'SELECT video_id AS "videoId", viewed_on AS "viewedOn", mode, occurred_at AS "occurredAt" FROM video_views WHERE user_id = $1 ORDER BY occurred_at', userId),
    pdfDownloads: await rows(manager, 'SELECT pdf_id AS "pdfId", occurred_at AS "occurredAt" FROM pdf_downloads WHERE user_id = $1 ORDER BY occurred_at', userId),
    healthDataConsent: (await rows(manager, 'SELECT given, changed_at AS "changedAt" FROM health_data_consents WHERE user_id = $1', userId))[0] ?? null,
    pageVisits: { tiedToYou: [], note: PAGE_VISITS_NOTE },
  };
}
