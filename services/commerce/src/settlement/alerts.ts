import type { Tx } from '@lbf/service-kit';
import { closeAlert, openAlert } from './store';

/**
 * Payments waiting for reconciliation: the back-office bell's `payment` alerts, one per order
 * (alertId `payment:<orderId>`). An order needs an administrator when
 *
 *  (a) `claim`: its buyer said « J'ai payé mais je n'ai pas accès » (checkout's claimPayment) and the provider
 *      did not confirm a payment on it (still pending, unreachable, or says it did not go through).
 *      The claim and what the customer gave are kept in `payment_claims` and in the attempt's
 *      provider log (kind `claim`). A claim that matches none of the buyer's attempts is kept too
 *      but raises nothing: there is no order to reconcile.
 *  (b) `outcome-unknown`: the poller gave up on an attempt without the provider's word. At the
 *      re-check after the window the provider could not be reached (or refused the request), so
 *      the attempt was expired without knowing whether money moved. An attempt the provider itself
 *      still called pending then is an ordinary abandoned checkout: no alert.
 *
 * Cleared when the order completes by any channel (a provider's "paid" through webhook, poller,
 * "Vérifier" or a claim; a grant), is marked refunded, or an administrator's re-check gets a final
 * answer from the provider (paid, failed, expired or canceled).
 *
 * The open alert is `orders.alert_reason` / `alert_raised_at`. Raising and clearing are conditional
 * updates of that row, with the event written to the outbox, in the transaction of the change that
 * causes them: a repeated cause emits nothing, and an alert can be raised again once cleared.
 */
export type PaymentAlertReason = 'claim' | 'outcome-unknown';

/** Where the bell's item leads: the payments page with this order's detail open (web/src/admin/payments reads `?order=`). */
export const paymentsHref = (orderId: string) => `/admin/payments?order=${encodeURIComponent(orderId)}`;

export const paymentAlertId = (orderId: string) => `payment:${orderId}`;

/** « Paiement à vérifier : <titre> », within the event's 200 characters. */
export function paymentAlertTitle(itemTitle: string): string {
  const title = `Paiement à vérifier : ${itemTitle.trim()}`;
  return title.length <= 200 ? title : `${title.slice(0, 199)}…`;
}

/** Opens the order's alert unless one is open or the order is paid; true when it was raised now. */
export async function raisePaymentAlert(tx: Tx, orderId: string, reason: PaymentAlertReason, at: Date): Promise<boolean> {
  const itemTitle = await openAlert(tx.manager, orderId, reason, at);
  if (itemTitle === null) return false;
  await tx.emit('commerce.admin_alert.raised', {
    alertId: paymentAlertId(orderId),
    kind: 'payment',
    title: paymentAlertTitle(itemTitle),
    href: paymentsHref(orderId),
    occurredAt: at.toISOString(),
  });
  return true;
}

/** Closes the order's alert if one is open; true when it was cleared now. */
export async function clearPaymentAlert(tx: Tx, orderId: string, at: Date): Promise<boolean> {
  if (!(await closeAlert(tx.manager, orderId))) return false;
  await tx.emit('commerce.admin_alert.cleared', { alertId: paymentAlertId(orderId), kind: 'payment', occurredAt: at.toISOString() });
  return true;
}
