/** How mails write money, dates and payment methods, in French. */

/** '2 355 FCFA' (plain spaces: narrow no-break spaces render badly in some mail clients). */
export function formatXaf(xaf: number): string {
  return `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 }).format(xaf).replace(/\s/g, ' ')} FCFA`;
}

/** '12,50 $' from USD cents. */
export function formatUsdCents(cents: number): string {
  return `${new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100).replace(/\s/g, ' ')} $`;
}

export type PaymentProvider = 'orange' | 'mtn' | 'notchpay' | 'manual';

export const PAYMENT_METHOD_LABELS: Record<PaymentProvider, string> = {
  orange: 'Orange Money',
  mtn: 'MTN Mobile Money',
  notchpay: 'NotchPay',
  manual: 'Attribué par un administrateur',
};

export const MAIL_TIMEZONE = 'Africa/Douala';

/** '23 novembre 2026 à 19:05' in Cameroon's time. */
export function formatDateTimeFr(iso: string | Date, timeZone = MAIL_TIMEZONE): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  const date = new Intl.DateTimeFormat('fr-FR', { timeZone, day: 'numeric', month: 'long', year: 'numeric' }).format(d);
  const time = new Intl.DateTimeFormat('fr-FR', { timeZone, hour: '2-digit', minute: '2-digit', hour12: false }).format(d);
  return `${date} à ${time}`;
}
