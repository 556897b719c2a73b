/**
 * What a buyer's copy of a guide is stamped with: who bought it (name, e-mail) and which order.
 * The words come from the entitlement row (fed by commerce.purchase.completed); rows written
 * before the buyer's name and receipt were kept have gaps, filled here so a copy is always stamped.
 */

/** The name printed when the order carries none (older orders, a buyer identity never described). */
export const UNNAMED_BUYER = 'Client LBF';

export interface LicenceHolder {
  orderId: string;
  receiptNumber: string | null;
  buyerName: string | null;
  buyerEmail: string | null;
}

export interface LicenceStamp {
  /** The 7 pt footer of every page. */
  footer: string;
  /** The light diagonal mark: the e-mail (the name when there is no e-mail). */
  mark: string;
  /** Document information: subject and keywords. */
  subject: string;
  keywords: string[];
}

/** Longest name or e-mail printed: a footer line must stay a line. */
const MAX_PART = 80;

/**
 * One printable line: control and format characters (line breaks, bidi overrides, zero-width
 * joiners) out, runs of spaces folded, trimmed, cut to `max` characters (whole code points).
 */
export function printable(value: string | null | undefined, max = MAX_PART): string {
  if (!value) return '';
  const cleaned = value
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  const chars = Array.from(cleaned);
  return chars.length > max ? `${chars.slice(0, max - 1).join('').trimEnd()}…` : cleaned;
}

/** The order's reference: its receipt number (LBF-YYYY-NNNNNN) when known, else the order id. */
export function orderReference(h: Pick<LicenceHolder, 'orderId' | 'receiptNumber'>): string {
  return printable(h.receiptNumber, 40) || h.orderId;
}

/**
 * 'Licence personnelle — <Prénom Nom> — <e-mail> — commande <n°>', the e-mail left out when
 * unknown, 'Client LBF' when the name is.
 */
export function licenceStamp(h: LicenceHolder): LicenceStamp {
  const name = printable(h.buyerName) || UNNAMED_BUYER;
  const email = printable(h.buyerEmail);
  const order = orderReference(h);
  const footer = ['Licence personnelle', name, email, `commande ${order}`].filter(Boolean).join(' — ');
  return {
    footer,
    mark: email || name,
    subject: footer,
    keywords: ['Licence personnelle', name, ...(email ? [email] : []), order],
  };
}
