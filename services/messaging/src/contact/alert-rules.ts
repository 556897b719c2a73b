/**
 * The back-office bell's alerts about contact messages (proto-events admin-alerts.ts): a message is
 * "new" while it is in the inbox (not archived) and unread; its alert is raised when it becomes new
 * and cleared when it stops being new, one event per actual change.
 */

/** The contact inbox states that decide whether a message still needs an administrator. */
export interface ContactAlertState {
  readAt: Date | string | null;
  archivedAt: Date | string | null;
}

export const CONTACT_ALERT_TITLE_MAX = 200;

export function isNewContactMessage(state: ContactAlertState): boolean {
  return !state.readAt && !state.archivedAt;
}

/** What one change of a message's state means for its alert: raise, clear, or nothing (`before` null: it just arrived). */
export function contactAlertTransition(before: ContactAlertState | null, after: ContactAlertState): 'raise' | 'clear' | null {
  const was = before !== null && isNewContactMessage(before);
  const is = isNewContactMessage(after);
  if (was === is) return null;
  return is ? 'raise' : 'clear';
}

export function contactAlertId(messageId: string): string {
  return `contact:${messageId}`;
}

/** « Nouveau message de <nom> », cut to the event's 200 characters (with an ellipsis when cut). */
export function contactAlertTitle(senderName: string): string {
  const name = senderName.replace(/\s+/g, ' ').trim();
  const title = name ? `Nouveau message de ${name}` : 'Nouveau message';
  return title.length <= CONTACT_ALERT_TITLE_MAX ? title : `${title.slice(0, CONTACT_ALERT_TITLE_MAX - 1).trimEnd()}…`;
}

/** Where the bell's item leads: the contact inbox with this message open (web/src/admin/contact reads `?message=`). */
export function contactAlertHref(messageId: string): string {
  return `/admin/contact?message=${encodeURIComponent(messageId)}`;
}
