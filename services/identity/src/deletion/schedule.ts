import { fail, ok, type Result, type Tx } from '@lbf/service-kit';
import { anotherAdminStays, lockAdminGuard } from '../shared/admins';
import type { IdentityDeps } from '../deps';
import { validationError } from '../shared/errors';
import { messages } from '../shared/messages';
import { deletionDate } from './rules';
import { insertDeletion, lockAccount, pendingDeletions, type PendingDeletion } from './store';

/** Who asked: the person (requestedBy null) or an administrator on their behalf, with why. */
export interface DeletionAsk {
  userId: string;
  requestedBy: string | null;
  reason: string | null;
}

/**
 * Starts the grace period of an account's deletion, in the caller's transaction: the request row
 * and `identity.user.deletion_requested` commit together. Asking again while one is pending changes
 * nothing and answers the pending one (its date stands). Never the last administrator: the guard is
 * taken under the bans' lock, so bans and deletions together cannot leave the site without one.
 */
export async function scheduleDeletion(deps: Pick<IdentityDeps, 'config' | 'log'>, { manager, emit }: Tx, ask: DeletionAsk): Promise<Result<PendingDeletion>> {
  await lockAdminGuard(manager);
  if (!(await lockAccount(manager, ask.userId))) return fail(validationError('userId', messages.userNotFound));
  const pending = (await pendingDeletions(manager, [ask.userId])).get(ask.userId);
  if (pending) return ok(pending);
  if (!(await anotherAdminStays(manager, ask.userId))) {
    return fail(ask.requestedBy ? validationError('userId', messages.cannotDeleteLastAdmin) : validationError(null, messages.lastAdminCannotLeave));
  }
  const requestedAt = new Date();
  const created = await insertDeletion(manager, { ...ask, requestedAt, scheduledFor: deletionDate(requestedAt, deps.config.deletionGraceSeconds) });
  if (!created) throw new Error('a pending deletion appeared under the account lock');
  await emit('identity.user.deletion_requested', {
    userId: ask.userId,
    requestedBy: ask.requestedBy,
    requestedAt: created.requestedAt.toISOString(),
    scheduledFor: created.scheduledFor.toISOString(),
  });
  deps.log.info({ userId: ask.userId, requestedBy: ask.requestedBy, scheduledFor: created.scheduledFor }, 'account deletion requested');
  return ok(created);
}
