import { fromRow } from '@lbf/service-kit';
import type { EntityManager } from 'typeorm';
import type { ItemKind } from '../entities';
import type { AttemptStatus } from '../shared/order-state';

/** The pay-links room's door to the database (SQL through the EntityManager). */

export interface PayLinkRow {
  id: string;
  tokenHash: string;
  requesterId: string;
  itemId: string;
  itemType: ItemKind;
  createdAt: Date;
  expiresAt: Date;
}

export async function insertLink(manager: EntityManager, l: PayLinkRow): Promise<void> {
  await manager.query(`INSERT INTO pay_links (id, token_hash, requester_id, item_id, item_type, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
    l.id,
    l.tokenHash,
    l.requesterId,
    l.itemId,
    l.itemType,
    l.createdAt,
    l.expiresAt,
  ]);
}

export async function linkByHash(manager: EntityManager, hash: string): Promise<PayLinkRow | null> {
  const rows = (await manager.query(`SELECT * FROM pay_links WHERE token_hash = $1`, [hash])) as Array<Record<string, unknown>>;
  return rows[0] ? fromRow<PayLinkRow>(rows[0]) : null;
}

/** A payment through a link: its latest attempt, with what the payer's receipt needs from the order. */
export interface LinkPayment {
  status: AttemptStatus;
  provider: string;
  authorizationUrl: string | null;
  failureCode: string | null;
  receiptNumber: string | null;
  amountXaf: number;
  itemTitle: string;
  payerEmail: string | null;
}

export async function latestLinkPayment(manager: EntityManager, linkId: string): Promise<LinkPayment | null> {
  const rows = (await manager.query(
    `SELECT a.status, a.provider, a.authorization_url, a.failure_code, a.payer_email, o.receipt_number, o.amount_xaf, o.item_title
       FROM payment_attempts a JOIN orders o ON o.id = a.order_id
      WHERE a.pay_link_id = $1 ORDER BY (a.status = 'completed') DESC, a.created_at DESC LIMIT 1`,
    [linkId],
  )) as Array<Record<string, unknown>>;
  return rows[0] ? fromRow<LinkPayment>(rows[0]) : null;
}

/** The completed payment of an order made through a link: who paid, as they gave it (null when not through a link). */
export async function linkPayerOfOrder(manager: EntityManager, orderId: string): Promise<{ payerName: string | null; payerEmail: string | null } | null> {
  const rows = (await manager.query(
    `SELECT payer_name, payer_email FROM payment_attempts WHERE order_id = $1 AND pay_link_id IS NOT NULL AND status = 'completed' LIMIT 1`,
    [orderId],
  )) as Array<{ payer_name: string | null; payer_email: string | null }>;
  return rows[0] ? { payerName: rows[0].payer_name, payerEmail: rows[0].payer_email } : null;
}

/** A requester's link paid: what their toast says. */
export interface PaidLinkRow {
  orderId: string;
  itemId: string;
  itemType: ItemKind;
  itemTitle: string;
  amountXaf: number;
  payerName: string | null;
  completedAt: Date;
}

/** The requester's latest order paid through one of their links, completed after `since` (null: none yet). */
export async function latestLinkPaidFor(manager: EntityManager, requesterId: string, since: Date): Promise<PaidLinkRow | null> {
  const rows = (await manager.query(
    `SELECT o.id AS order_id, o.item_id, o.item_type, o.item_title, o.amount_xaf, a.payer_name, o.completed_at
       FROM payment_attempts a JOIN orders o ON o.id = a.order_id
      WHERE o.buyer_id = $1 AND a.pay_link_id IS NOT NULL AND a.status = 'completed' AND o.status = 'completed' AND o.completed_at > $2
      ORDER BY o.completed_at DESC LIMIT 1`,
    [requesterId, since],
  )) as Array<Record<string, unknown>>;
  return rows[0] ? fromRow<PaidLinkRow>(rows[0]) : null;
}
