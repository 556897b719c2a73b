import { z } from 'zod';
import { addDays, type Day } from '../shared/site-day';

export const MAX_STATISTICS_DAYS = 366;

/** The one French word a bad period gets; the field says which. */
export const INVALID_PERIOD = 'Période invalide (1 à 366 jours)';

export const statisticsArgs = z.object({
  days: z
    .number({ error: INVALID_PERIOD })
    .int(INVALID_PERIOD)
    .min(1, INVALID_PERIOD)
    .max(MAX_STATISTICS_DAYS, INVALID_PERIOD)
    .nullish()
    .transform((d) => d ?? 30),
});

/** The last `days` days, today (site time) included. */
export function periodEnding(today: Day, days: number): { from: Day; to: Day } {
  return { from: addDays(today, -(days - 1)), to: today };
}

/** a / b, one decimal; 0 when b is 0. */
export function ratio(a: number, b: number): number {
  return b > 0 ? Math.round((10 * a) / b) / 10 : 0;
}

/** a / b x 100, one decimal; 0 when b is 0. */
export function percent(a: number, b: number): number {
  return ratio(100 * a, b);
}
