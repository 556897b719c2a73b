import { afterCommit } from '@lbf/service-kit';
import type { EntityManager } from 'typeorm';
import type { AdminAlertsChannel } from './channel';
import { saleAlertId, saleAlertTitle, saleHref } from './rules';
import { applyAlertCleared, applyAlertRaised } from './store';

/**
 * A completed sale in the bell, raised in the transaction of the purchase's statistics (the
 * statistics room's consumer calls it), and the bell's subscribers nudged once it commits.
 */
export async function raiseSaleAlert(
  manager: EntityManager,
  channel: AdminAlertsChannel,
  sale: { orderId: string; itemTitle: string; amountXaf: number; completedAt: string },
): Promise<void> {
  const raised = await applyAlertRaised(manager, {
    alertId: saleAlertId(sale.orderId),
    kind: 'sale',
    title: saleAlertTitle(sale.itemTitle, sale.amountXaf),
    href: saleHref(sale.orderId),
    occurredAt: sale.completedAt,
  });
  if (raised) await afterCommit(manager, () => channel.changed());
}

/** A refunded order is no sale: its alert closes (an event older than the alert's last one is ignored, so a refund consumed first wins). */
export async function clearSaleAlert(manager: EntityManager, channel: AdminAlertsChannel, refund: { orderId: string; refundedAt: string }): Promise<void> {
  const cleared = await applyAlertCleared(manager, { alertId: saleAlertId(refund.orderId), kind: 'sale', occurredAt: refund.refundedAt });
  if (cleared) await afterCommit(manager, () => channel.changed());
}
