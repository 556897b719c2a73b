// A relative path: the unit specs run without the '@/' alias.
import { topbarFr } from '../../i18n/admin/topbar';

/** "à l'instant", "il y a 5 minutes", "hier", "il y a 3 jours" … (French, the bell's items). */
const rtf = new Intl.RelativeTimeFormat('fr-FR', { numeric: 'auto' });

const STEPS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

export function formatRelative(value: string, now: number = Date.now()): string {
  const at = new Date(value).getTime();
  if (Number.isNaN(at)) return '';
  let amount = (at - now) / 1000;
  if (Math.abs(amount) < 45) return topbarFr.justNow;
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return rtf.format(Math.round(amount), unit);
    amount /= size;
  }
  return rtf.format(Math.round(amount), 'year');
}
