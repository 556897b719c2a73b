import type { Queryable } from './sql';

/** Adds to a user's purchase count and FCFA total (negative for a refund), creating their row on first sight. */
export async function addPurchase(db: Queryable, userId: string, count: number, xaf: number): Promise<void> {
  await db.query(
    `INSERT INTO user_purchase_totals (user_id, purchase_count, total_xaf) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET purchase_count = user_purchase_totals.purchase_count + EXCLUDED.purchase_count,
       total_xaf = user_purchase_totals.total_xaf + EXCLUDED.total_xaf, updated_at = now()`,
    [userId, count, xaf],
  );
}
