import { queryRows } from '@lbf/service-kit';
import type { EntityManager } from 'typeorm';
import type { BuyerIdentity } from './rules';

/**
 * The erasure room's one door (as the retention room's, across the tables of the rooms that write
 * them): what commerce keeps about one buyer, found by their user id, and its pseudonymisation.
 */

/** What identifies the buyer (the buyers read model, and the phones of their attempts and claims) and where their orders' attempts are. */
export async function buyerFootprint(manager: EntityManager, userId: string): Promise<BuyerIdentity & { attemptIds: string[] }> {
  const [buyer] = await queryRows<{ email: string; first_name: string | null; last_name: string | null }>(
    manager,
    'SELECT email, first_name, last_name FROM buyers WHERE user_id = $1 FOR UPDATE',
    [userId],
  );
  const orders = await queryRows<{ buyer_email: string }>(manager, 'SELECT DISTINCT buyer_email FROM orders WHERE buyer_id = $1', [userId]);
  const attempts = await queryRows<{ id: string; phone: string | null }>(
    manager,
    'SELECT a.id, a.phone FROM payment_attempts a JOIN orders o ON o.id = a.order_id WHERE o.buyer_id = $1',
    [userId],
  );
  const claims = await queryRows<{ phone: string }>(manager, 'SELECT DISTINCT phone FROM payment_claims WHERE buyer_id = $1 AND phone IS NOT NULL', [userId]);
  const phones = [...new Set([...attempts.flatMap((a) => (a.phone ? [a.phone] : [])), ...claims.map((c) => c.phone)])];
  return {
    emails: [...new Set([...(buyer ? [buyer.email] : []), ...orders.map((o) => o.buyer_email)])],
    firstName: buyer?.first_name ?? null,
    lastName: buyer?.last_name ?? null,
    phones,
    attemptIds: attempts.map((a) => a.id),
  };
}

const count = async (manager: EntityManager, sql: string, params: unknown[]) => ((await manager.query(sql, params)) as [unknown, number])[1];

/**
 * Orders and receipts stay (accounting law), their buyer pseudonymised: the buyers row and every
 * order carry the pseudonym's name and address; the phones of their attempts and claims go, their
 * gifts' recipients (e-mail or phone) and messages, and
 * commerce's copy of their health-data consent.
 */
export async function pseudonymiseBuyer(manager: EntityManager, userId: string, pseudonym: { email: string; name: string }): Promise<Record<string, number>> {
  return {
    buyers: await count(manager, 'UPDATE buyers SET email = $2, first_name = $3, last_name = NULL WHERE user_id = $1', [userId, pseudonym.email, pseudonym.name]),
    orders: await count(manager, 'UPDATE orders SET buyer_email = $2 WHERE buyer_id = $1', [userId, pseudonym.email]),
    attemptPhones: await count(
      manager,
      'UPDATE payment_attempts a SET phone = NULL, payer_email = NULL, payer_name = NULL FROM orders o WHERE o.id = a.order_id AND o.buyer_id = $1 AND (a.phone IS NOT NULL OR a.payer_email IS NOT NULL OR a.payer_name IS NOT NULL)',
      [userId],
    ),
    claimPhones: await count(manager, 'UPDATE payment_claims SET phone = NULL WHERE buyer_id = $1 AND phone IS NOT NULL', [userId]),
    // « Offrir »: whom they offered items to, and their words (an unclaimed gift's link keeps working: the claim needs neither).
    giftRecipients: await count(
      manager,
      `UPDATE gifts SET recipient_email = NULL, recipient_phone = NULL, message = '' WHERE buyer_id = $1 AND (recipient_email IS NOT NULL OR recipient_phone IS NOT NULL OR message <> '')`,
      [userId],
    ),
    healthConsents: await count(manager, 'DELETE FROM health_data_consents WHERE user_id = $1', [userId]),
  };
}

/** The free texts of the buyer's orders, attempts and claims that may repeat who they are (a reason, a payment page's URL). */
export async function buyerTexts(manager: EntityManager, userId: string): Promise<Array<{ tbl: 'orders' | 'payment_attempts' | 'payment_claims'; id: string; col: string; text: string }>> {
  return queryRows(
    manager,
    `SELECT 'orders' AS tbl, id::text, 'admin_action_reason' AS col, admin_action_reason AS text FROM orders WHERE buyer_id = $1 AND admin_action_reason IS NOT NULL
     UNION ALL SELECT 'orders', id::text, 'alert_reason', alert_reason FROM orders WHERE buyer_id = $1 AND alert_reason IS NOT NULL
     UNION ALL SELECT 'payment_attempts', a.id::text, 'authorization_url', a.authorization_url FROM payment_attempts a JOIN orders o ON o.id = a.order_id
       WHERE o.buyer_id = $1 AND a.authorization_url IS NOT NULL
     UNION ALL SELECT 'payment_claims', id::text, 'message', message FROM payment_claims WHERE buyer_id = $1`,
    [userId],
  );
}

/** One free text rewritten (the table and column come from buyerTexts, never from outside). */
export async function rewriteText(manager: EntityManager, table: string, column: string, id: string, text: string): Promise<void> {
  await manager.query(`UPDATE ${table} SET ${column} = $2 WHERE id = $1`, [id, text]);
}

/** The providers' raw answers and notifications about these attempts. */
export async function rawExchanges(manager: EntityManager, attemptIds: readonly string[]) {
  const answers = await queryRows<{ id: string; body: unknown }>(manager, 'SELECT id::text, body FROM provider_exchanges WHERE attempt_id = ANY($1::uuid[]) AND body IS NOT NULL', [
    attemptIds,
  ]);
  const notifications = await queryRows<{ id: string; raw_body: string; headers: unknown }>(
    manager,
    'SELECT id::text, raw_body, headers FROM webhook_log WHERE attempt_id = ANY($1::uuid[])',
    [attemptIds],
  );
  return { answers, notifications };
}

export async function rewriteAnswer(manager: EntityManager, id: string, body: unknown): Promise<void> {
  await manager.query('UPDATE provider_exchanges SET body = $2::jsonb WHERE id = $1', [id, JSON.stringify(body)]);
}

export async function rewriteNotification(manager: EntityManager, id: string, rawBody: string, headers: unknown): Promise<void> {
  await manager.query('UPDATE webhook_log SET raw_body = $2, headers = $3::jsonb WHERE id = $1', [id, rawBody, JSON.stringify(headers)]);
}
