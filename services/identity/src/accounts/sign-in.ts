import { fail, ok, type Result } from '@lbf/service-kit';
import { ipKey, type RequestMeta } from '../shared/request';
import { rateLimitedError } from '../shared/errors';
import { completeSignIn, isBanned, openSession, rolesOf, type SessionsDeps, type SignedIn } from '../sessions';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from './passwords';
import { signInError } from './rules';
import { setPasswordHash, userByEmail } from './store';

export interface SignInFields {
  email: string;
  password: string;
  asAdmin?: boolean | null;
}

/**
 * Signs in with e-mail and password. The attempt is paid for (per IP, then per e-mail) before the
 * password is checked, so parallel guesses are counted too; an unknown e-mail costs a password
 * check like a known one. On the admin path a customer's right password reads as a wrong one.
 */
export async function signIn(deps: SessionsDeps, input: SignInFields, meta: RequestMeta): Promise<Result<SignedIn>> {
  const asAdmin = input.asAdmin === true;
  const email = (input.email ?? '').trim().toLowerCase();
  const password = input.password ?? '';
  if (!email || !password) return fail(signInError('missing-fields', asAdmin));
  const ip = ipKey(meta);
  const { limits, ds } = deps;
  const wait = await limits.consumeSignIn(ip, email);
  if (wait !== null) return fail(rateLimitedError(wait));

  const user = await userByEmail(ds, email);
  // Roles are read before the password check, so a right and a wrong password cost the same queries.
  const roles = user ? await rolesOf(ds, user.id) : [];
  const passwordOk = user ? await verifyPassword(user.passwordHash, password) : await burnPasswordCheck(password);
  if (!user || !passwordOk) return fail(signInError('bad-credentials', asAdmin));
  // A customer's right password on the admin path is answered exactly as a wrong one (enumeration).
  if (asAdmin && !roles.includes('admin')) return fail(signInError('bad-credentials', asAdmin));
  if (await isBanned(ds, user.id)) return fail(signInError('banned', asAdmin));

  await limits.signInSucceeded(ip, email);
  if (needsRehash(user.passwordHash)) {
    // Parameters were raised since this hash was made: upgrade it while the password is at hand.
    await setPasswordHash(ds, user.id, await hashPassword(password));
  }
  const opened = await deps.uow.run(({ manager }) => openSession(manager, user.id, meta, deps.config.refreshTokenTtlDays));
  const { passwordHash: _hash, ...signedInUser } = user;
  return ok(completeSignIn(deps.tokens, signedInUser, roles, opened));
}
