import { z } from 'zod';
import type { LiveCounters } from '../shared/counters';

/**
 * The visits room's pure rules: what a page view may carry, when it continues a visit, how long a
 * visit lasts, and what a live subscriber is sent next.
 */

export const MAX_PATH_LENGTH = 2048;
export const MAX_USER_AGENT_LENGTH = 1024;

const utf8 = new TextEncoder();

/** The one French word a script that sends a bad visit gets (the web app never does); the field says which. */
export const INVALID_VISIT = 'Visite invalide';

/** What the web app sends for each page it shows; nothing in it identifies a person. */
export const pageVisitInput = z.object({
  path: z
    .string({ error: INVALID_VISIT })
    .max(MAX_PATH_LENGTH, INVALID_VISIT)
    // Must start with / and hold no control characters.
    .regex(/^\/\P{Cc}*$/u, INVALID_VISIT)
    // Paths are indexed; a btree entry must stay well under Postgres' ~2.7 kB limit whatever the script.
    .refine((p) => utf8.encode(p).length <= MAX_PATH_LENGTH, INVALID_VISIT),
  // 8 to 64 characters among A-Z a-z 0-9 _ -
  visitorId: z.string({ error: INVALID_VISIT }).regex(/^[A-Za-z0-9_-]{8,64}$/, INVALID_VISIT),
  notFound: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
});

export type PageVisitInput = z.infer<typeof pageVisitInput>;

/** The browser's user agent as stored: absent stays null, a long one is cut. */
export function storedUserAgent(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  return userAgent.slice(0, MAX_USER_AGENT_LENGTH);
}

/** A visit ends after this long without a page view: the next one starts a new visit. */
export const VISIT_GAP_MS = 30 * 60 * 1000;

/**
 * Whether a page view at `at` belongs to the visit last seen at `lastSeenAt`: a gap under 30
 * minutes continues it. A view stamped slightly before the last one (another instance's clock)
 * continues it too.
 */
export function continuesVisit(lastSeenAt: Date, at: Date): boolean {
  return at.getTime() - lastSeenAt.getTime() < VISIT_GAP_MS;
}

/** Whole seconds a visit lasted, first to last page view, counted as the rollups count them (floor of epoch seconds). */
export function visitSeconds(startedAt: Date, lastSeenAt: Date): number {
  return Math.floor(lastSeenAt.getTime() / 1000) - Math.floor(startedAt.getTime() / 1000);
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
