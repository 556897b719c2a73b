import { messages } from '../domain/messages';
import { passwordPairIssues } from '../domain/password';
import { hashToken, newOpaqueToken } from '../domain/secrets';
import { emailSchema } from '../domain/sign-up';
import { rateLimitedError, userError, validationError, type UserError } from '../domain/user-error';
import { User } from '../entities';
import { ipKey, type Deps, type RequestMeta } from './deps';
import { hashPassword } from './passwords';
import { isBanned, killSessionTokens, revokeUserSessions, rolesOf } from './sessions';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export type MessageOutcome = { ok: true; message: string } | { ok: false; error: UserError };

export class PasswordResets {
  constructor(private readonly deps: Deps) {}

  /**
   * Answers the same whether or not the e-mail has an account. An account gets a single-use link by
   * e-mail (the event carries it to messaging). Administrators never reset by e-mail: the spec sends
   * them to the main administrator (and the admin command's --reset-password).
   */
  async request(input: { email: string; asAdmin?: boolean | null }, meta: RequestMeta): Promise<MessageOutcome> {
    if (input.asAdmin === true) return { ok: true, message: messages.adminResetByEmail };
    const parsed = emailSchema.safeParse(input.email ?? '');
    if (!parsed.success) return { ok: false, error: validationError('email', parsed.error.issues[0]!.message) };
    const email = parsed.data;
    const wait = await this.deps.limits.consumeAll([
      ['resetPerIp', ipKey(meta)],
      ['resetPerEmail', email],
    ]);
    if (wait !== null) return { ok: false, error: rateLimitedError(wait) };

    const { ds, uow, config } = this.deps;
    const user = await ds.getRepository(User).findOneBy({ email });
    if (user && !(await isBanned(ds.manager, user.id)) && !(await rolesOf(ds.manager, user.id)).includes('admin')) {
      const token = newOpaqueToken();
      const expiresAt = new Date(Date.now() + RESET_TOKEN_TTL_MS);
      await uow.run(async ({ manager, emit }) => {
        await manager.query('INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [hashToken(token), user.id, expiresAt]);
        await emit('identity.password_reset.requested', {
          userId: user.id,
          email: user.email,
          firstName: user.firstName,
          resetUrl: `${config.publicUrl}/auth?reset=${encodeURIComponent(token)}`,
          expiresAt: expiresAt.toISOString(),
        });
      });
    }
    return { ok: true, message: messages.resetRequested };
  }

  /** Sets the new password with a valid link, once; every session of the account ends. */
  async reset(input: { token: string; password: string; confirmPassword: string }): Promise<MessageOutcome> {
    const issues = passwordPairIssues(input.password ?? '', input.confirmPassword ?? '');
    if (issues.length) return { ok: false, error: validationError(issues[0]!.field, issues[0]!.message) };
    const invalid = (): MessageOutcome => ({ ok: false, error: userError('TOKEN_INVALID', messages.resetTokenInvalid, { field: 'token' }) });
    const token = (input.token ?? '').trim();
    if (!token) return invalid();
    const tokenHash = hashToken(token);
    const { ds, uow, redis, config } = this.deps;
    const live = 'used_at IS NULL AND expires_at > now()';
    // Hash the new password (slow on purpose) only for a link that looks valid; the transaction re-checks it under lock.
    const [candidate] = (await ds.query(`SELECT 1 FROM password_resets WHERE token_hash = $1 AND ${live}`, [tokenHash])) as unknown[];
    if (!candidate) return invalid();
    const passwordHash = await hashPassword(input.password);
    const revoked = await uow.run(async ({ manager }) => {
      const rows = (await manager.query(`SELECT id, user_id FROM password_resets WHERE token_hash = $1 AND ${live} FOR UPDATE`, [tokenHash])) as Array<{
        id: string;
        user_id: string;
      }>;
      const row = rows[0];
      if (!row) return null;
      await manager.query('UPDATE users SET password_hash = $2 WHERE id = $1', [row.user_id, passwordHash]);
      // This link and any other outstanding one for the account are spent.
      await manager.query('UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [row.user_id]);
      return revokeUserSessions(manager, row.user_id, 'password-reset');
    });
    if (revoked === null) return invalid();
    await killSessionTokens(redis, revoked, config.accessTokenTtlSeconds, config.redisKeyPrefix);
    return { ok: true, message: messages.passwordChanged };
  }
}
