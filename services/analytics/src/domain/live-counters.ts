import type { Day } from './site-day';

export interface LiveCounters {
  registeredUsers: number;
  visitsToday: number;
  day: Day;
}

/**
 * Decides what a live subscriber is sent next, given what it was last sent and an update that may
 * arrive out of order (the outbox publishes in insertion order, transactions commit in another).
 * Both counters only grow within a day, so:
 *  - an update for an earlier day is stale: dropped;
 *  - an update for a later day starts that day: sent as it is;
 *  - an update for the same day is merged field by field with the highest values seen, and dropped
 *    when that brings nothing new (in particular when both values are lower than the last sent).
 * Returns null when nothing should be sent.
 */
export function nextLiveCounters(last: LiveCounters | null, update: LiveCounters): LiveCounters | null {
  if (!last || update.day > last.day) return update;
  if (update.day < last.day) return null;
  const merged: LiveCounters = {
    day: last.day,
    registeredUsers: Math.max(last.registeredUsers, update.registeredUsers),
    visitsToday: Math.max(last.visitsToday, update.visitsToday),
  };
  if (merged.registeredUsers === last.registeredUsers && merged.visitsToday === last.visitsToday) return null;
  return merged;
}
