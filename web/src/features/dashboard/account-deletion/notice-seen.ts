/**
 * The reminder of a pending deletion (components/layout/pending-deletion-notice.tsx) shows once per
 * browser session and deletion date; asking for the deletion oneself counts as having seen it.
 */
const SEEN_KEY = 'lbf:pending-deletion-seen';

export function deletionNoticeSeen(scheduledFor: string): boolean {
  try {
    return sessionStorage.getItem(SEEN_KEY) === scheduledFor;
  } catch {
    return false;
  }
}

export function markDeletionNoticeSeen(scheduledFor: string): void {
  try {
    sessionStorage.setItem(SEEN_KEY, scheduledFor);
  } catch {
    /* private mode: shown again on the next page load, no harm */
  }
}
