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
