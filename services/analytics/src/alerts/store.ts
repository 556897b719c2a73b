import type { EventData } from '@lbf/proto-events';
import type { DataSource, EntityManager } from 'typeorm';
import type { AdminAlertKind } from '../generated/graphql';

/** The kinds the services raise through their admin_alert events, and analytics' own: a sale (alerts/rules.ts). */
type AlertKindDb = EventData<'messaging.admin_alert.raised'>['kind'] | 'sale';
type Raised = Omit<EventData<'messaging.admin_alert.raised'>, 'kind'> & { kind: AlertKindDb };
type Cleared = Omit<EventData<'messaging.admin_alert.cleared'>, 'kind'> & { kind: AlertKindDb };

/**
 * Applies a raised alert unless an event of the same alertId at least as recent was applied
 * already (a late redelivery of an old raise must not reopen a cleared alert). A raise after a
 * clear, later in time, reopens it. True when the bell changed.
 */
export async function applyAlertRaised(manager: EntityManager, a: Raised): Promise<boolean> {
  const rows = (await manager.query(
    `INSERT INTO admin_alerts (alert_id, kind, title, href, open, raised_at, last_event_at) VALUES ($1, $2, $3, $4, true, $5, $5)
     ON CONFLICT (alert_id) DO UPDATE SET kind = EXCLUDED.kind, title = EXCLUDED.title, href = EXCLUDED.href, open = true,
       raised_at = EXCLUDED.raised_at, last_event_at = EXCLUDED.last_event_at
     WHERE admin_alerts.last_event_at < EXCLUDED.last_event_at
     RETURNING alert_id`,
    [a.alertId, a.kind, a.title, a.href, a.occurredAt],
  )) as unknown[];
  return rows.length > 0;
}

/**
 * Closes an alert unless a later event was applied; a clear arriving before its raise is kept
 * (closed, no title) so that the older raise is ignored when it comes. On a tie a clear wins:
 * the bell had better miss a duplicate than show what is done. A closed alert keeps no title: the
 * bell never shows it again, and a title may name someone (« Nouveau message de … »; messaging
 * clears the alerts of a deleted account's contact messages so that their titles go).
 */
export async function applyAlertCleared(manager: EntityManager, a: Cleared): Promise<boolean> {
  const rows = (await manager.query(
    `INSERT INTO admin_alerts (alert_id, kind, open, last_event_at) VALUES ($1, $2, false, $3)
     ON CONFLICT (alert_id) DO UPDATE SET open = false, title = NULL, last_event_at = EXCLUDED.last_event_at
     WHERE admin_alerts.last_event_at <= EXCLUDED.last_event_at
     RETURNING alert_id`,
    [a.alertId, a.kind, a.occurredAt],
  )) as unknown[];
  return rows.length > 0;
}

/**
 * An administrator opened a sale from the bell: it closes (as reading a contact message closes
 * its alert). Only sales: the other kinds close when their cause is dealt with in their service.
 * Its last event becomes now, so a late redelivery of its raise cannot reopen it. True when closed now.
 */
export async function markSaleSeen(manager: DataSource | EntityManager, alertId: string, at: Date): Promise<boolean> {
  const rows = (await manager.query(
    `UPDATE admin_alerts SET open = false, last_event_at = GREATEST(last_event_at, $2) WHERE alert_id = $1 AND kind = 'sale' AND open RETURNING alert_id`,
    [alertId, at.toISOString()],
  )) as [unknown[], number];
  return rows[1] > 0;
}

export interface AdminAlertsView {
  total: number;
  contact: number;
  payment: number;
  processing: number;
  sale: number;
  items: Array<{ id: string; kind: AdminAlertKind; title: string; href: string; at: string }>;
}

export const BELL_ITEMS = 20;

/** The bell now: open alerts per kind and the 20 newest, in one statement. */
export async function readAdminAlerts(ds: DataSource | EntityManager): Promise<AdminAlertsView> {
  const [row] = (await ds.query(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE kind = 'contact')::int AS contact,
            count(*) FILTER (WHERE kind = 'payment')::int AS payment,
            count(*) FILTER (WHERE kind = 'processing')::int AS processing,
            count(*) FILTER (WHERE kind = 'sale')::int AS sale,
            COALESCE((SELECT json_agg(i) FROM (
              SELECT alert_id AS id, upper(kind) AS kind, title, href, raised_at AS at FROM admin_alerts
              WHERE open ORDER BY raised_at DESC, alert_id LIMIT $1) AS i), '[]'::json) AS items
     FROM admin_alerts WHERE open`,
    [BELL_ITEMS],
  )) as Array<Omit<AdminAlertsView, 'items'> & { items: Array<{ id: string; kind: AdminAlertKind; title: string; href: string; at: string }> }>;
  return {
    total: row!.total,
    contact: row!.contact,
    payment: row!.payment,
    processing: row!.processing,
    sale: row!.sale,
    items: row!.items.map((i) => ({ ...i, at: new Date(i.at).toISOString() })),
  };
}

/** Closed alerts are kept this long (beyond the stream's 30 days plus the inbox's day), so a late raise finds them. */
export const CLOSED_ALERT_RETENTION_DAYS = 45;

export async function purgeClosedAlerts(ds: DataSource, now = new Date()): Promise<number> {
  const [, n] = (await ds.query(`DELETE FROM admin_alerts WHERE NOT open AND last_event_at < $1::timestamptz - make_interval(days => $2)`, [
    now.toISOString(),
    CLOSED_ALERT_RETENTION_DAYS,
  ])) as [unknown, number];
  return n;
}
