import { queryRows } from '@lbf/service-kit';
import type { EntityManager } from 'typeorm';

/**
 * The export room's one door (as the erasure room's, across the tables of the rooms that write
 * them): what commerce keeps about one buyer, by their user id, without secrets: a payment page's
 * address (it carries the provider's token), the providers' raw answers and trace contexts stay out.
 */

const PAID = `(SELECT a.provider, a.operator_transaction_id FROM payment_attempts a WHERE a.order_id = o.id AND a.status = 'completed' ORDER BY a.settled_at DESC NULLS LAST LIMIT 1)`;

export async function commercePart(manager: EntityManager, userId: string): Promise<Record<string, unknown>> {
  const [buyer] = await queryRows<{ email: string; first_name: string | null; last_name: string | null }>(
    manager,
    'SELECT email, first_name, last_name FROM buyers WHERE user_id = $1',
    [userId],
  );
  const buyerName = [buyer?.first_name, buyer?.last_name].filter(Boolean).join(' ') || null;
  return {
    buyer: buyer ? { email: buyer.email, firstName: buyer.first_name, lastName: buyer.last_name } : null,
    orders: await queryRows(
      manager,
      `SELECT id, item_id AS "itemId", item_type AS "itemType", item_title AS "itemTitle", amount_xaf AS "amountXaf", amount_usd_cents AS "amountUsdCents",
              status, receipt_number AS "receiptNumber", buyer_email AS "buyerEmail", created_at AS "createdAt", completed_at AS "completedAt",
              admin_action_kind AS "adminAction", admin_action_reason AS "adminActionReason", admin_action_at AS "adminActionAt",
              promo_code AS "promoCode", discount_xaf AS "discountXaf", discount_usd_cents AS "discountUsdCents"
       FROM orders WHERE buyer_id = $1 ORDER BY created_at`,
      [userId],
    ),
    paymentAttempts: await queryRows(
      manager,
      `SELECT a.id, a.order_id AS "orderId", a.number, a.provider, a.reference, a.phone, a.status, a.operator_transaction_id AS "operatorTransactionId",
              a.failure_code AS "failureCode", a.created_at AS "createdAt", a.settled_at AS "settledAt", a.expires_at AS "expiresAt"
       FROM payment_attempts a JOIN orders o ON o.id = a.order_id WHERE o.buyer_id = $1 ORDER BY a.created_at`,
      [userId],
    ),
    paymentClaims: await queryRows(
      manager,
      `SELECT id, order_id AS "orderId", operator_transaction_id AS "operatorTransactionId", phone, paid_at AS "paidAt", finding, message, created_at AS "createdAt"
       FROM payment_claims WHERE buyer_id = $1 ORDER BY created_at`,
      [userId],
    ),
    // What each receipt says (messaging draws them as PDF in the archive, as it does for the receipt mail).
    receipts: await queryRows(
      manager,
      `SELECT o.receipt_number AS "receiptNumber", o.id AS "orderId", o.item_title AS "itemTitle", o.item_type AS "itemType", o.amount_xaf AS "amountXaf",
              o.amount_usd_cents AS "amountUsdCents", coalesce(p.provider, 'manual') AS provider, p.operator_transaction_id AS "operatorTransactionId",
              o.completed_at AS "completedAt", $2::text AS "buyerName", o.buyer_email AS "buyerEmail"
       FROM orders o LEFT JOIN LATERAL ${PAID} p ON true WHERE o.buyer_id = $1 AND o.receipt_number IS NOT NULL AND o.completed_at IS NOT NULL ORDER BY o.completed_at`,
      [userId, buyerName],
    ),
    // « Offrir »: the gifts they paid for (whom to, their message, received or not) and the gifts they received.
    giftsOffered: await queryRows(
      manager,
      `SELECT g.id, g.order_id AS "orderId", o.item_title AS "itemTitle", g.item_type AS "itemType", g.recipient_email AS "recipientEmail",
              g.recipient_phone AS "recipientPhone", g.message, g.created_at AS "createdAt", g.claimed_at AS "claimedAt", g.canceled_at AS "canceledAt"
       FROM gifts g JOIN orders o ON o.id = g.order_id WHERE g.buyer_id = $1 ORDER BY g.created_at`,
      [userId],
    ),
    giftsReceived: await queryRows(
      manager,
      `SELECT g.id, o.item_title AS "itemTitle", g.item_type AS "itemType", g.message, g.claimed_at AS "claimedAt"
       FROM gifts g JOIN orders o ON o.id = g.order_id WHERE g.claimed_by = $1 ORDER BY g.claimed_at`,
      [userId],
    ),
  };
}
