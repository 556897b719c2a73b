import { fail, ok, type AuthUser, type Result } from '@lbf/service-kit';
import { verifyPassword } from '../accounts';
import type { IdentityDeps } from '../deps';
import { CODES, rateLimitedError, userError, validationError } from '../shared/errors';
import { messages } from '../shared/messages';
import { ipKey, type RequestMeta } from '../shared/request';
import { scheduleDeletion } from './schedule';
import { cancelPending, credentialsOf, type PendingDeletion } from './store';

/**
 * « Supprimer mon compte »: the signed-in person re-enters their password, then the grace period
 * starts (the account keeps working until its end; signing in meanwhile offers to cancel). The
 * attempt is counted like a sign-in's (per IP, then per e-mail) before the password is checked, so
 * a stolen session cannot guess it; a right password gives the attempt back.
 */
export async function requestAccountDeletion(deps: IdentityDeps, auth: AuthUser, password: string, meta: RequestMeta): Promise<Result<PendingDeletion>> {
  if (!password) return fail(validationError('password', messages.required));
  const credentials = await credentialsOf(deps.ds, auth.userId);
  if (!credentials) return fail(validationError(null, messages.userNotFound));
  const ip = ipKey(meta);
  const wait = await deps.limits.consumeSignIn(ip, credentials.email);
  if (wait !== null) return fail(rateLimitedError(wait));
  if (!(await verifyPassword(credentials.passwordHash, password))) {
    return fail(userError(CODES.INVALID_CREDENTIALS, messages.wrongPassword, { field: 'password' }));
  }
  await deps.limits.signInSucceeded(ip, credentials.email);
  return deps.uow.run((tx) => scheduleDeletion(deps, tx, { userId: auth.userId, requestedBy: null, reason: null }));
}

/**
 * « Annuler la suppression »: the signed-in person keeps their account; the pending deletion becomes
 * history and `identity.user.deletion_cancelled` commits with it. Nothing pending: nothing changes.
 */
export async function cancelAccountDeletion(deps: IdentityDeps, auth: AuthUser): Promise<Result<true>> {
  await deps.uow.run(async ({ manager, emit }) => {
    const cancelledAt = await cancelPending(manager, auth.userId);
    if (!cancelledAt) return;
    await emit('identity.user.deletion_cancelled', { userId: auth.userId, cancelledAt: cancelledAt.toISOString() });
    deps.log.info({ userId: auth.userId }, 'account deletion cancelled');
  });
  return ok(true);
}
