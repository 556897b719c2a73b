import type { Day } from './site-day';

/**
 * The `counters` table's running totals, by name: `registered_users` grows by one per
 * identity.user.registered (the users room), `buyers` counts the distinct customers with a sale
 * (the statistics room).
 */
export const REGISTERED_USERS = 'registered_users';
export const BUYERS = 'buyers';

/** What the home page shows live: registered users and the visits started today (site time). */
export interface LiveCounters {
  registeredUsers: number;
  visitsToday: number;
  day: Day;
}

/** The two figures as a statement returns them (bigint as a string, absent rows as null). */
export interface CountersRow {
  registered_users: string | number | null;
  visits: string | number | null;
}

export function toLiveCounters(row: CountersRow | undefined, day: Day): LiveCounters {
  return { registeredUsers: Number(row?.registered_users ?? 0), visitsToday: Number(row?.visits ?? 0), day };
}
