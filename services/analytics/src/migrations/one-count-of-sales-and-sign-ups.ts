import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 20: the statistics count accounts and sales as the rest of the back-office does. A sign-up
 * is any account created (the administrators' command and the demo accounts included, as identity
 * counts its users); a refunded order is not a sale (as commerce's « ventes »). The raw tables
 * already hold everything: the rollups they feed are recomputed with those definitions (sign-ups,
 * purchases, buyers, revenue of every day; the items' days; the all-time buyers). Visits are not
 * touched, so days older than the visit details' 13 months keep theirs.
 */
export class OneCountOfSalesAndSignUps1772000000000 implements MigrationInterface {
  name = 'OneCountOfSalesAndSignUps1772000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`INSERT INTO daily_stats (day) SELECT day FROM registrations UNION SELECT day FROM purchases ON CONFLICT (day) DO NOTHING`);
    await q.query(`WITH sales AS (SELECT p.* FROM purchases p WHERE NOT EXISTS (SELECT 1 FROM refunds f WHERE f.order_id = p.order_id))
      UPDATE daily_stats s SET
        sign_ups = (SELECT count(*) FROM registrations r WHERE r.day = s.day),
        purchases = (SELECT count(*) FROM sales WHERE sales.day = s.day),
        buyers = (SELECT count(DISTINCT buyer_id) FROM sales WHERE sales.day = s.day),
        revenue_xaf = (SELECT COALESCE(sum(amount_xaf), 0) FROM sales WHERE sales.day = s.day)`);
    await q.query(`DELETE FROM daily_item_stats`);
    await q.query(`INSERT INTO daily_item_stats (day, item_id, item_type, title, last_sold_at, sales, revenue_xaf)
      SELECT p.day, p.item_id, (array_agg(p.item_type ORDER BY p.completed_at DESC, p.order_id DESC))[1],
             (array_agg(p.item_title ORDER BY p.completed_at DESC, p.order_id DESC))[1], max(p.completed_at), count(*)::int, sum(p.amount_xaf)
      FROM purchases p WHERE NOT EXISTS (SELECT 1 FROM refunds f WHERE f.order_id = p.order_id) GROUP BY p.day, p.item_id`);
    await q.query(`UPDATE counters SET value = (SELECT count(DISTINCT buyer_id) FROM purchases p
      WHERE NOT EXISTS (SELECT 1 FROM refunds f WHERE f.order_id = p.order_id)) WHERE name = 'buyers'`);
  }

  async down(q: QueryRunner): Promise<void> {
    // The former definitions: sign-ups by the form only, refunds kept as sales (0 FCFA).
    await q.query(`UPDATE daily_stats s SET
        sign_ups = (SELECT count(*) FROM registrations r WHERE r.day = s.day AND r.origin = 'sign-up'),
        purchases = (SELECT count(*) FROM purchases p WHERE p.day = s.day),
        buyers = (SELECT count(DISTINCT buyer_id) FROM purchases p WHERE p.day = s.day)`);
    await q.query(`DELETE FROM daily_item_stats`);
    await q.query(`INSERT INTO daily_item_stats (day, item_id, item_type, title, last_sold_at, sales, revenue_xaf)
      SELECT p.day, p.item_id, (array_agg(p.item_type ORDER BY p.completed_at DESC, p.order_id DESC))[1],
             (array_agg(p.item_title ORDER BY p.completed_at DESC, p.order_id DESC))[1], max(p.completed_at), count(*)::int,
             COALESCE(sum(p.amount_xaf) FILTER (WHERE f.order_id IS NULL), 0)
      FROM purchases p LEFT JOIN refunds f USING (order_id) GROUP BY p.day, p.item_id`);
    await q.query(`UPDATE counters SET value = (SELECT count(DISTINCT buyer_id) FROM purchases) WHERE name = 'buyers'`);
  }
}
