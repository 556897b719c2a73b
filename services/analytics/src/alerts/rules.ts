/**
 * A completed sale in the back-office bell, as a contact message is: analytics raises it from
 * commerce.purchase.completed (the event commerce already publishes with the order), it leads to
 * the order on the payments page, and it closes when an administrator opens it from the bell, or
 * when the order is refunded (a refunded order is not a sale).
 */
export const saleAlertId = (orderId: string) => `sale:${orderId}`;

/** The payments page with the order's detail open (web/src/admin/payments reads `?order=`). */
export const saleHref = (orderId: string) => `/admin/payments?order=${encodeURIComponent(orderId)}`;

const FCFA = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/** The bell's line, within the alerts' 200 characters: « Nouvelle vente : <titre> — 3 280 FCFA ». */
export function saleAlertTitle(itemTitle: string, amountXaf: number): string {
  const amount = ` — ${FCFA.format(amountXaf)} FCFA`;
  const head = 'Nouvelle vente : ';
  const room = 200 - head.length - amount.length;
  const title = itemTitle.trim();
  return `${head}${title.length <= room ? title : `${title.slice(0, room - 1)}…`}${amount}`;
}
