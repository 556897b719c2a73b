import type { Tx } from '@lbf/service-kit';
import { contactAlertHref, contactAlertId, contactAlertTitle, contactAlertTransition, type ContactAlertState } from './alert-rules';

/**
 * The bell's alert about one contact message, written to the outbox in the caller's transaction
 * when its state change makes it new (raised) or no longer new (cleared); nothing otherwise, so a
 * repeated call (marked read twice) emits nothing. The caller holds the message's row lock, so two
 * concurrent changes see each other's result and only one of them emits.
 */
export async function emitContactAlertChange(
  tx: Tx,
  message: { id: string; name: string },
  /** Null: the message has just arrived. */
  before: ContactAlertState | null,
  after: ContactAlertState,
  at: Date,
): Promise<void> {
  const change = contactAlertTransition(before, after);
  const alertId = contactAlertId(message.id);
  const occurredAt = at.toISOString();
  if (change === 'raise') {
    await tx.emit('messaging.admin_alert.raised', { alertId, kind: 'contact', title: contactAlertTitle(message.name), href: contactAlertHref(message.id), occurredAt });
  } else if (change === 'clear') {
    await tx.emit('messaging.admin_alert.cleared', { alertId, kind: 'contact', occurredAt });
  }
}
