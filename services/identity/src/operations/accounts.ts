import { QueryFailedError } from 'typeorm';
import { messages } from '../domain/messages';
import { validateSignUp, type SignUpFields } from '../domain/sign-up';
import { signInError } from '../domain/sign-in';
import { rateLimitedError, userError, validationError, type UserError } from '../domain/user-error';
import { User } from '../entities';
import { ipKey, type Deps, type RequestMeta } from './deps';
import { registerUser } from './register-user';
import type { Captchas } from './captchas';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from './passwords';
import { isBanned, openSession, rolesOf, type Sessions, type SignedIn } from './sessions';

export type AuthOutcome = { ok: true; signedIn: SignedIn } | { ok: false; error: UserError };

export interface SignInFields {
  email: string;
  password: string;
  asAdmin?: boolean | null;
}

export function isUniqueViolation(err: unknown): boolean {
  return err instanceof QueryFailedError && (err.driverError as { code?: string } | undefined)?.code === '23505';
}

const emailTaken = () => userError('EMAIL_TAKEN', messages.emailTaken, { field: 'email' });

export class Accounts {
  constructor(
    private readonly deps: Deps,
    private readonly captchas: Captchas,
    private readonly sessions: Sessions,
  ) {}

  /**
   * Creates the account and signs it in. The form is checked first (the captcha survives a form
   * error); then the page's proof of work and the captcha are spent, so each attempt past the form costs a solved captcha; the
   * user row, the registered event and the first session commit together.
   */
  async signUp(input: SignUpFields & { proofOfWork: string }, meta: RequestMeta): Promise<AuthOutcome> {
    const valid = validateSignUp(input);
    if (!valid.ok) {
      const first = valid.issues[0]!;
      return { ok: false, error: validationError(first.field, first.message) };
    }
    // Before any database or password work: no proof (or a spent one), no sign-up. A form error
    // above spends nothing, so the corrected form is sent with the same proof.
    if (!(await this.captchas.spendProofOfWork(input.captchaId, input.proofOfWork ?? ''))) {
      return { ok: false, error: userError('CAPTCHA_INVALID', messages.captchaInvalid, { field: 'captchaAnswer' }) };
    }
    const wait = await this.deps.limits.consume('signUpPerIp', ipKey(meta));
    if (wait !== null) return { ok: false, error: rateLimitedError(wait) };
    if (!(await this.captchas.spend(input.captchaId, input.captchaAnswer))) {
      return { ok: false, error: userError('CAPTCHA_INVALID', messages.captchaInvalid, { field: 'captchaAnswer' }) };
    }
    const v = valid.value;
    if (await this.deps.ds.getRepository(User).existsBy({ email: v.email })) return { ok: false, error: emailTaken() };
    const passwordHash = await hashPassword(v.password);
    try {
      const { user, opened } = await this.deps.uow.run(async (tx) => {
        const user = await registerUser(tx, { email: v.email, firstName: v.firstName, lastName: v.lastName, phone: v.phone, passwordHash }, 'sign-up');
        const opened = await openSession(tx.manager, user.id, meta, this.deps.config.refreshTokenTtlDays);
        return { user, opened };
      });
      this.deps.log.info({ userId: user.id }, 'user registered');
      return { ok: true, signedIn: this.sessions.complete(user, [], opened) };
    } catch (err) {
      // Two sign-ups with one e-mail at the same moment: the unique index decides.
      if (isUniqueViolation(err)) return { ok: false, error: emailTaken() };
      throw err;
    }
  }

  async signIn(input: SignInFields, meta: RequestMeta): Promise<AuthOutcome> {
    const asAdmin = input.asAdmin === true;
    const email = (input.email ?? '').trim().toLowerCase();
    const password = input.password ?? '';
    if (!email || !password) return { ok: false, error: signInError('missing-fields', asAdmin) };
    const ip = ipKey(meta);
    const { limits, ds } = this.deps;
    // The attempt is paid for before the password is checked, so parallel guesses are counted too.
    const wait = await limits.consumeSignIn(ip, email);
    if (wait !== null) return { ok: false, error: rateLimitedError(wait) };

    const user = await ds.getRepository(User).findOneBy({ email });
    // Roles are read before the password check, so a right and a wrong password cost the same queries.
    const roles = user ? await rolesOf(ds.manager, user.id) : [];
    const passwordOk = user ? await verifyPassword(user.passwordHash, password) : await burnPasswordCheck(password);
    if (!user || !passwordOk) return { ok: false, error: signInError('bad-credentials', asAdmin) };
    // A customer's right password on the admin path is answered exactly as a wrong one (enumeration).
    if (asAdmin && !roles.includes('admin')) return { ok: false, error: signInError('bad-credentials', asAdmin) };
    if (await isBanned(ds.manager, user.id)) return { ok: false, error: signInError('banned', asAdmin) };

    await limits.signInSucceeded(ip, email);
    if (needsRehash(user.passwordHash)) {
      // Parameters were raised since this hash was made: upgrade it while the password is at hand.
      user.passwordHash = await hashPassword(password);
      await ds.query('UPDATE users SET password_hash = $2 WHERE id = $1', [user.id, user.passwordHash]);
    }
    const opened = await this.deps.uow.run(({ manager }) => openSession(manager, user.id, meta, this.deps.config.refreshTokenTtlDays));
    return { ok: true, signedIn: this.sessions.complete(user, roles, opened) };
  }
}
