import { typesetText } from '@/i18n/pages/typeset';
import { formatUsd } from '@/lib/format/price';

/** The API gives integer cents of USD ($3.59 is 359); pages show "$3.59". */
export function formatCents(priceCents: number): string {
  return formatUsd(priceCents / 100);
}

const decimal = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A rating out of 5 in French format: "4,8". */
export function formatRating(rating: number): string {
  return decimal.format(rating);
}

const HONORIFICS = new Set(['dr', 'dr.', 'pr', 'pr.', 'm.', 'mme', 'mlle', 'me']);

/** "Dr Aminata Diallo" → "AD": first and last name's initials, titles left out. */
export function initials(name: string): string {
  const words = name
    .split(/\s+/)
    .filter((w) => w && !HONORIFICS.has(w.toLowerCase()));
  if (words.length === 0) return '?';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return (first + last).toLocaleUpperCase('fr-FR');
}

/**
 * French typography for texts from the API (titles, descriptions): a no-break space before
 * : ; ! ? » so a narrow screen never starts a line with a lone colon.
 */
export function typeset(text: string): string {
  return typesetText(text);
}
