import type { EntityManager } from 'typeorm';
import { REGISTERED_USERS, toLiveCounters, type CountersRow, type LiveCounters } from '../shared/counters';
import { bumpDaily } from '../shared/rollups';
import type { Day } from '../shared/site-day';

/** The users room's one door to the database: the registrations read model and the registered-users total. */

export interface Registration {
  userId: string;
  origin: string;
  registeredAt: string;
  /** Site day of registeredAt. */
  day: Day;
}

/**
 * The registration's raw row, keyed by user id (so even the same registration published twice
 * under two event ids counts once), and the day's sign-ups when it is new. True when new.
 */
export async function recordRegistration(manager: EntityManager, r: Registration): Promise<boolean> {
  const inserted = (await manager.query(
    `INSERT INTO registrations (user_id, origin, registered_at, day) VALUES ($1, $2, $3, $4::date)
     ON CONFLICT (user_id) DO NOTHING RETURNING user_id`,
    [r.userId, r.origin, r.registeredAt, r.day],
  )) as unknown[];
  return inserted.length > 0;
}

/** Adds one registered user inside the caller's transaction and returns the counters of `day`. */
export async function incrementRegisteredUsers(manager: EntityManager, day: Day): Promise<LiveCounters> {
  const rows: CountersRow[] = await manager.query(
    `WITH bumped AS (
       INSERT INTO counters (name, value) VALUES ($1, 1)
       ON CONFLICT (name) DO UPDATE SET value = counters.value + 1
       RETURNING value
     )
     SELECT bumped.value AS registered_users,
            (SELECT visits FROM daily_stats WHERE day = $2::date) AS visits
     FROM bumped`,
    [REGISTERED_USERS, day],
  );
  return toLiveCounters(rows[0], day);
}

/** One more sign-up on `day` (the statistics' « Inscriptions »). */
export async function addSignUp(manager: EntityManager, day: Day): Promise<void> {
  await bumpDaily(manager, day, { sign_ups: 1 });
}
