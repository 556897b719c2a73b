import { formatUsdCents, formatXaf, MAIL_TIMEZONE, PAYMENT_METHOD_LABELS } from './format';
import type { SiteIdentity } from './layout';
import type { TemplateData } from './template-data';

/**
 * What a receipt says, in the order it says it: the seller (raison sociale or the site's name, the
 * site, its address, NIU and contact), its title and number (once), the buyer, then the purchase's
 * lines. The PDF attached to the receipt mail is drawn from this; the web page /recu/… shows the
 * same parts with the same words.
 */
export interface ReceiptDocument {
  seller: { name: string; lines: string[] };
  title: string;
  /** 'Reçu n° LBF-2026-000123': the only place the number appears. */
  number: string;
  buyer: { label: string; lines: string[] };
  rows: Array<[string, string]>;
  thanks: string;
}

/** '23 novembre 2026 à 19:05 (UTC+1)': the site's time zone, named so a buyer abroad reads it right. */
export function formatReceiptDate(iso: string, timeZone = MAIL_TIMEZONE): string {
  const d = new Date(iso);
  const date = new Intl.DateTimeFormat('fr-FR', { timeZone, day: 'numeric', month: 'long', year: 'numeric' }).format(d);
  const parts = new Intl.DateTimeFormat('fr-FR', { timeZone, hour: '2-digit', minute: '2-digit', hour12: false, timeZoneName: 'short' }).formatToParts(d);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${date} à ${part('hour')}:${part('minute')} (${part('timeZoneName')})`;
}

/**
 * The receipt's amount lines: with a promo code, the price before it, the code and its discount in
 * both currencies, then what was paid; without one, the amount alone. Shared by the mail, the PDF
 * and (in the same words) the web page.
 */
export function amountRows(data: TemplateData['purchase_receipt']): Array<[string, string]> {
  const paid: [string, string] = ['Montant', `${formatXaf(data.amountXaf)} (${formatUsdCents(data.amountUsdCents)})`];
  const promo = data.promo;
  if (!promo) return [paid];
  return [
    ['Prix', `${formatXaf(data.amountXaf + promo.discountXaf)} (${formatUsdCents(data.amountUsdCents + promo.discountUsdCents)})`],
    ['Code promo', promo.code],
    ['Remise', `-${formatXaf(promo.discountXaf)} (-${formatUsdCents(promo.discountUsdCents)})`],
    ['Montant payé', paid[1]],
  ];
}

export function receiptDocument(data: TemplateData['purchase_receipt'], site: SiteIdentity): ReceiptDocument {
  const legal = site.legal ?? { name: null, address: null, taxId: null };
  const sellerLines: string[] = [];
  const host = site.publicUrl.replace(/^https?:\/\//, '');
  sellerLines.push(legal.name && legal.name !== site.siteName ? `${site.siteName} · ${host}` : host);
  if (legal.address) sellerLines.push(...legal.address.split(/\r?\n/).map((line) => line.trim()).filter(Boolean));
  if (legal.taxId) sellerLines.push(`NIU : ${legal.taxId}`);
  const contact = [site.contactEmail, site.contactPhone].filter((v): v is string => Boolean(v));
  if (contact.length) sellerLines.push(`Contact : ${contact.join(' · ')}`);

  const buyerLines = [data.buyerName?.trim(), data.buyerEmail?.trim()].filter((v): v is string => Boolean(v));
  return {
    seller: { name: legal.name || site.siteName, lines: sellerLines },
    title: 'Reçu de paiement',
    number: `Reçu n° ${data.receiptNumber}`,
    buyer: { label: 'Client', lines: buyerLines },
    rows: [
      ['Article', `${data.itemTitle} (${data.itemType === 'video' ? 'Vidéo' : 'Guide PDF'})`],
      ...amountRows(data),
      ['Méthode de paiement', PAYMENT_METHOD_LABELS[data.provider]],
      ["Transaction de l'opérateur", data.operatorTransactionId ?? '—'],
      ['Date', formatReceiptDate(data.completedAt)],
      ['Commande', data.orderId],
    ],
    thanks: 'Paiement reçu. Merci pour votre achat : accès à vie au contenu acheté.',
  };
}
