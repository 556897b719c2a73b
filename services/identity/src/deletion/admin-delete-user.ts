import { recordAdminAction, type AdminActor, type Result } from '@lbf/service-kit';
import { journalTarget, userById } from '../shared/user';
import type { IdentityDeps } from '../deps';
import { adminDeletionRequest } from './rules';
import { scheduleDeletion } from './schedule';
import type { PendingDeletion } from './store';

/**
 * « Supprimer les données »: an administrator runs the person's deletion for them (they asked by
 * e-mail), with a reason. It takes the same grace period as the person's own request, on purpose:
 * an e-mail proves little about who sent it, and the grace lets the account's real owner learn of it
 * (messaging mails them; signing in shows « Votre compte sera supprimé le … ») and cancel it, or the administrator's
 * mistake be undone, while the erasure still happens within the privacy page's 30 days, by the same
 * job, with the same guarantees. Refused for oneself and for the last administrator.
 *
 * The administrators' journal records it (`user.deletion_requested`) in the same transaction, with
 * the reason and the day of the erasure.
 */
export async function adminDeleteUser(deps: IdentityDeps, admin: AdminActor, input: { userId: string; reason: string }): Promise<Result<PendingDeletion>> {
  const request = adminDeletionRequest(admin.userId, input);
  if (!request.ok) return request;
  const { userId, reason } = request.value;
  return deps.uow.run(async (tx) => {
    const scheduled = await scheduleDeletion(deps, tx, { userId, requestedBy: admin.userId, reason });
    if (scheduled.ok) {
      const details = { reason, scheduledFor: scheduled.value.scheduledFor.toISOString() };
      await recordAdminAction(tx, admin, 'user.deletion_requested', journalTarget(await userById(tx.manager, userId)), details);
    }
    return scheduled;
  });
}
