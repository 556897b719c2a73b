import { fail, ok, type Result } from '@lbf/service-kit';
import type { EntityManager } from 'typeorm';
import type { IdentityDeps } from '../deps';
import { rateLimitedError } from '../shared/errors';
import { ipKey, type RequestMeta } from '../shared/request';
import { isUuid } from '../shared/secrets';
import { proofOfWorkValid } from './proof-of-work';
import { renderCaptchaPng } from './render';
import { CAPTCHA_TTL_MS, captchaMatches, captchaUsable, generateCaptchaText } from './rules';
import { countCheck, insertCaptcha, lockCaptcha, recordAttempt } from './store';

export interface IssuedCaptcha {
  id: string;
  /** A PNG as a data URL: pixels only, no markup that names the glyphs. */
  image: string;
  expiresAt: Date;
  /** The page finds a nonce for this challenge (the captcha's id) before signing up. */
  proofOfWork: { challenge: string; difficulty: number };
}

/** createCaptcha: a new captcha for this address (rate-limited), drawn as a PNG, with its proof-of-work challenge. */
export async function createCaptcha(deps: IdentityDeps, meta: RequestMeta): Promise<Result<IssuedCaptcha>> {
  const wait = await deps.limits.consume('captchaPerIp', ipKey(meta));
  if (wait !== null) return fail(rateLimitedError(wait));
  const text = generateCaptchaText();
  const expiresAt = new Date(Date.now() + CAPTCHA_TTL_MS);
  const id = await insertCaptcha(deps.ds, text, expiresAt);
  const image = `data:image/png;base64,${renderCaptchaPng(text).toString('base64')}`;
  return ok({ id, image, expiresAt, proofOfWork: { challenge: id, difficulty: deps.config.proofOfWorkDifficulty } });
}

/**
 * Checks the page's proof of work for this captcha and spends it: a proof is good once (SET NX,
 * kept as long as the captcha lives), so a replayed form pays again or is refused.
 */
export async function spendProofOfWork(deps: IdentityDeps, captchaId: string, nonce: string): Promise<boolean> {
  if (!isUuid(captchaId) || !proofOfWorkValid(captchaId, nonce, deps.config.proofOfWorkDifficulty)) return false;
  const key = `${deps.config.redisKeyPrefix}:identity:pow:${captchaId}`;
  return (await deps.redis.set(key, '1', 'PX', CAPTCHA_TTL_MS, 'NX')) === 'OK';
}

/** The live check while typing: counts as an attempt, never spends the captcha. */
export async function checkCaptcha(deps: IdentityDeps, id: string, answer: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const expected = await countCheck(deps.ds, id);
  return expected !== null && captchaMatches(expected, answer);
}

/**
 * Spends the captcha when the answer is right (single use), counts an attempt when it is wrong.
 * Runs in its own transaction so a right answer stays spent whatever happens to the sign-up.
 */
export async function spendCaptcha(deps: IdentityDeps, id: string, answer: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return deps.ds.transaction(async (manager: EntityManager) => {
    const captcha = await lockCaptcha(manager, id);
    if (!captcha || !captchaUsable(captcha, new Date())) return false;
    const right = captchaMatches(captcha.answer, answer);
    await recordAttempt(manager, id, right);
    return right;
  });
}
