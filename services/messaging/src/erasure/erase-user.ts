import { erasedEmail, erasedTag, scrubText, type Erasure, type Tx, type UserDeleted } from '@lbf/service-kit';
import { contactAlertId } from '../contact';
import { suppressionHash } from '../shared/email';
import { findUser, TEAM_NAME } from '../users';
import { deleteRemindersOf } from '../review-reminders';
import { forgetRequesterInReceipts } from '../pay-link-mails';
import { lockAddress } from '../mail';
import { deleteContactMessagesFrom, deleteDataExports, deleteInternalMessagesTo, deleteKnownUser, forgetRecipient, forgetSubscriber, renameSender, rewriteDeliveryTexts } from './store';

/**
 * A deleted account, as messaging forgets it: the users read model's row; the team's messages to
 * them and their read marks; the contact messages sent from their address, with the replies (and
 * the bell's alerts about them cleared, so analytics drops their titles, which name the sender);
 * every mail to their address keeps its delivery row (purpose, outcome, dates) with the recipient
 * replaced, the content cleared and their names scrubbed from the subject; their newsletter row goes
 * and the address stays on the suppression list as a hash only, so it is never mailed again. What
 * they sent as an administrator stays, signed by the team. Their review reminders go, and what the payers' receipts of their « Payer pour moi » links said of them. Runs once per event (the kit's inbox).
 */
export async function eraseUser(tx: Tx, user: UserDeleted, now: Date): Promise<Erasure> {
  const { manager } = tx;
  const known = await findUser(manager, user.userId);
  const counts: Record<string, number> = {
    users: await deleteKnownUser(manager, user.userId),
    ...(await deleteInternalMessagesTo(manager, user.userId)),
    signedByTeam: await renameSender(manager, user.userId, TEAM_NAME),
    dataExports: await deleteDataExports(manager, user.userId),
    reviewReminders: await deleteRemindersOf(manager, user.userId),
    payLinkReceipts: await forgetRequesterInReceipts(manager, user.userId),
  };
  if (!known) return { counts };
  const contacts = await deleteContactMessagesFrom(manager, known.email);
  for (const id of contacts) await tx.emit('messaging.admin_alert.cleared', { alertId: contactAlertId(id), kind: 'contact', occurredAt: now.toISOString() });
  const needles = [known.email, known.firstName, known.lastName, `${known.firstName} ${known.lastName}`];
  // A mail being queued for them now waits for this erasure, then sees the address suppressed.
  await lockAddress(manager, known.email);
  const mails = await forgetRecipient(manager, known.email, erasedEmail(erasedTag()));
  for (const m of mails) {
    const [subject, lastError] = [scrubText(m.subject, needles), m.last_error && scrubText(m.last_error, needles)];
    if (subject !== m.subject || lastError !== m.last_error) await rewriteDeliveryTexts(manager, m.id, subject, lastError);
  }
  const newsletter = await forgetSubscriber(manager, known.email, suppressionHash(known.email));
  return { counts: { ...counts, contactMessages: contacts.length, mails: mails.length, ...newsletter }, mentions: [known.email, ...contacts] };
}
