import { fail, ok, type Result } from '@lbf/service-kit';
import type { IdentityDeps } from '../deps';
import { CODES, rateLimitedError, userError, validationError } from '../shared/errors';
import { messages } from '../shared/messages';
import { ipKey, type RequestMeta } from '../shared/request';
import { hashToken, newOpaqueToken } from '../shared/secrets';
import type { User } from '../shared/user';
import { isBanned, killSessionTokens, revokeUserSessions, rolesOf } from '../sessions';
import { hashPassword } from './passwords';
import { emailSchema, passwordPairIssues } from './rules';
import { insertPasswordReset, liveResetExists, lockLiveReset, setPasswordHash, spendPasswordResets, userByEmail } from './store';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const tokenInvalid = () => userError(CODES.TOKEN_INVALID, messages.resetTokenInvalid, { field: 'token' });

/**
 * Answers the same whether or not the e-mail has an account. An account gets a single-use link by
 * e-mail (the event carries it to messaging). Administrators never reset by e-mail: the spec sends
 * them to the main administrator (and the admin command's --reset-password).
 */
export async function requestPasswordReset(deps: IdentityDeps, input: { email: string; asAdmin?: boolean | null }, meta: RequestMeta): Promise<Result<string>> {
  if (input.asAdmin === true) return ok(messages.adminResetByEmail);
  const parsed = emailSchema.safeParse(input.email ?? '');
  if (!parsed.success) return fail(validationError('email', parsed.error.issues[0]!.message));
  const email = parsed.data;
  const wait = await deps.limits.consumeAll([
    ['resetPerIp', ipKey(meta)],
    ['resetPerEmail', email],
  ]);
  if (wait !== null) return fail(rateLimitedError(wait));
  const user = await userByEmail(deps.ds, email);
  if (user && !(await isBanned(deps.ds, user.id)) && !(await rolesOf(deps.ds, user.id)).includes('admin')) await sendResetLink(deps, user);
  return ok(messages.resetRequested);
}

async function sendResetLink(deps: IdentityDeps, user: User): Promise<void> {
  const token = newOpaqueToken();
  const expiresAt = new Date(Date.now() + RESET_TOKEN_TTL_MS);
  await deps.uow.run(async ({ manager, emit }) => {
    await insertPasswordReset(manager, hashToken(token), user.id, expiresAt);
    await emit('identity.password_reset.requested', {
      userId: user.id,
      email: user.email,
      firstName: user.firstName,
      resetUrl: `${deps.config.publicUrl}/auth?reset=${encodeURIComponent(token)}`,
      expiresAt: expiresAt.toISOString(),
    });
  });
}

/** Sets the new password with a valid link, once; every session of the account ends. */
export async function resetPassword(deps: IdentityDeps, input: { token: string; password: string; confirmPassword: string }): Promise<Result<string>> {
  const issues = passwordPairIssues(input.password ?? '', input.confirmPassword ?? '');
  if (issues.length) return fail(validationError(issues[0]!.field, issues[0]!.message));
  const token = (input.token ?? '').trim();
  if (!token) return fail(tokenInvalid());
  const tokenHash = hashToken(token);
  // Hash the new password (slow on purpose) only for a link that looks valid; the transaction re-checks it under lock.
  if (!(await liveResetExists(deps.ds, tokenHash))) return fail(tokenInvalid());
  const passwordHash = await hashPassword(input.password);
  const revoked = await deps.uow.run(async ({ manager }) => {
    const reset = await lockLiveReset(manager, tokenHash);
    if (!reset) return null;
    await setPasswordHash(manager, reset.userId, passwordHash);
    await spendPasswordResets(manager, reset.userId);
    return revokeUserSessions(manager, reset.userId, 'password-reset');
  });
  if (revoked === null) return fail(tokenInvalid());
  await killSessionTokens(deps.redis, revoked, deps.config);
  return ok(messages.passwordChanged);
}
