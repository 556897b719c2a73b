import { fail, ok, type Result } from '@lbf/service-kit';
import { spendCaptcha, spendProofOfWork } from '../captcha';
import { giveConsents, signUpConsents } from '../consents';
import { CODES, rateLimitedError, userError, validationError } from '../shared/errors';
import { messages } from '../shared/messages';
import { ipKey, type RequestMeta } from '../shared/request';
import { isUniqueViolation } from '../shared/sql';
import { completeSignIn, openSession, type SessionsDeps, type SignedIn } from '../sessions';
import { hashPassword } from './passwords';
import { registerUser } from './register-user';
import { validateSignUp, type SignUpFields, type ValidSignUp } from './rules';
import { emailTaken } from './store';

const emailTakenError = () => userError(CODES.EMAIL_TAKEN, messages.emailTaken, { field: 'email' });
const captchaInvalid = () => userError(CODES.CAPTCHA_INVALID, messages.captchaInvalid, { field: 'captchaAnswer' });

/**
 * Creates the account and signs it in, the terms and the privacy notice accepted (their box is
 * required: VALIDATION on acceptTerms otherwise) and, when its box was ticked, the health-data
 * consent. The form is checked first (the captcha survives a form error); then the page's proof of work and the captcha are spent, so each attempt past the form
 * costs a solved captcha; the user row, its consents, the registered and consent events and the
 * first session commit together.
 */
export async function signUp(deps: SessionsDeps, input: SignUpFields & { proofOfWork: string }, meta: RequestMeta): Promise<Result<SignedIn>> {
  const valid = validateSignUp(input);
  if (!valid.ok) {
    const first = valid.issues[0]!;
    return fail(validationError(first.field, first.message));
  }
  // Before any database or password work: no proof (or a spent one), no sign-up. A form error
  // above spends nothing, so the corrected form is sent with the same proof.
  if (!(await spendProofOfWork(deps, input.captchaId, input.proofOfWork ?? ''))) return fail(captchaInvalid());
  const wait = await deps.limits.consume('signUpPerIp', ipKey(meta));
  if (wait !== null) return fail(rateLimitedError(wait));
  if (!(await spendCaptcha(deps, input.captchaId, input.captchaAnswer))) return fail(captchaInvalid());
  if (await emailTaken(deps.ds, valid.value.email)) return fail(emailTakenError());
  try {
    return ok(await createAccount(deps, valid.value, meta));
  } catch (err) {
    // Two sign-ups with one e-mail at the same moment: the unique index decides.
    if (isUniqueViolation(err)) return fail(emailTakenError());
    throw err;
  }
}

async function createAccount(deps: SessionsDeps, v: ValidSignUp, meta: RequestMeta): Promise<SignedIn> {
  const passwordHash = await hashPassword(v.password);
  const { user, opened } = await deps.uow.run(async (tx) => {
    const user = await registerUser(tx, { email: v.email, firstName: v.firstName, lastName: v.lastName, phone: v.phone, passwordHash }, 'sign-up');
    await giveConsents(tx, user.id, signUpConsents(v.healthDataConsent), 'sign-up', user.createdAt);
    const opened = await openSession(tx.manager, user.id, meta, deps.config.refreshTokenTtlDays);
    return { user, opened };
  });
  deps.log.info({ userId: user.id }, 'user registered');
  return completeSignIn(deps.tokens, user, [], opened);
}
