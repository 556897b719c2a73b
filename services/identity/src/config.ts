import {
  baseConfigFrom,
  baseEnv,
  DEFAULT_PUBLIC_URL,
  
  frozenConfig,
  parseConfig,
  pemVariable,
  publicUrlVariable,
  type BaseConfig,
  baseSettingsDefaults,
} from '@lbf/service-kit';
import { RETENTION } from '@lbf/proto-events';
import { z } from 'zod';
import { DEFAULT_PROOF_OF_WORK_DIFFICULTY } from './captcha/proof-of-work';
import { defaultRateLimits, type RateLimitRule, type RateLimits } from './shared/rate-limits';

/** What startIdentity is given: the kit's base config and identity's own settings, most of them optional. */
export interface IdentityConfig extends BaseConfig {
  /** PEM (PKCS#8) of the ES256 key that signs access tokens. */
  authPrivateKey: string;
  /** Site origin used in password-reset links, e.g. http://localhost:4000. */
  publicUrl: string;
  /** Default 900 (15 min). */
  accessTokenTtlSeconds?: number;
  /** Default 30. */
  refreshTokenTtlDays?: number;
  rateLimits?: Partial<RateLimits>;
  /** Zero bits the sign-up's proof of work must reach; default 12. */
  proofOfWorkDifficulty?: number;
  /**
   * Seconds between a deletion request and the account's erasure (the grace period); default
   * proto-events RETENTION.deletionDays (30 days), the privacy page's promise. Tests shorten it.
   */
  deletionGraceSeconds?: number;
  /** How often the erasure job looks for accounts whose grace period is over; default 15 minutes. */
  deletionSweepEveryMs?: number;
}

export const DEFAULT_ACCESS_TOKEN_TTL_SECONDS = 900;
export const DEFAULT_REFRESH_TOKEN_TTL_DAYS = 30;
export const DEFAULT_DELETION_SWEEP_EVERY_MS = 15 * 60 * 1000;
const DAY_SECONDS = 24 * 60 * 60;
/**
 * The grace period ends this long before the promised day: the erasure job comes by every 15
 * minutes and the other services apply identity.user.deleted within seconds, so an account asked
 * to go « dans un délai de 30 jours » is gone within them, not 30 days and a quarter of an hour.
 */
export const ERASURE_MARGIN_SECONDS = 60 * 60;
/** The grace period of a deletion promised within `days`. */
export const deletionGraceOf = (days: number) => days * DAY_SECONDS - ERASURE_MARGIN_SECONDS;

/** The kit's base variables and identity's own. */
export const identityEnv = baseEnv.extend({
  /** PEM of the private key that signs access tokens, or a path to it. */
  AUTH_PRIVATE_KEY: pemVariable,
  PUBLIC_URL: publicUrlVariable.default(DEFAULT_PUBLIC_URL),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(DEFAULT_ACCESS_TOKEN_TTL_SECONDS),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(DEFAULT_REFRESH_TOKEN_TTL_DAYS),
  /**
   * Accounts one client address may create in an hour. A deployment behind a carrier's shared
   * address (common for mobile data in Cameroon) may need more; the browser tests, whose many
   * visitors all come from 127.0.0.1, do.
   */
  SIGN_UP_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(defaultRateLimits.signUpPerIp.points),
  /**
   * Days between a deletion request and the account's erasure. The privacy page promises
   * RETENTION.deletionDays (30): a longer grace breaks that promise, so it is the most allowed.
   */
  ACCOUNT_DELETION_DAYS: z.coerce.number().int().min(1).max(RETENTION.deletionDays).default(RETENTION.deletionDays),
});

/** Reads the environment once; throws a ConfigError naming every bad variable. */
export function fromEnv(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  const e = parseConfig(identityEnv, env);
  return {
    ...baseConfigFrom('identity', e),
    authPrivateKey: e.AUTH_PRIVATE_KEY,
    publicUrl: e.PUBLIC_URL,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    rateLimits: { signUpPerIp: { points: e.SIGN_UP_PER_IP_PER_HOUR, durationSeconds: defaultRateLimits.signUpPerIp.durationSeconds } },
    deletionGraceSeconds: deletionGraceOf(e.ACCOUNT_DELETION_DAYS),
  };
}

const rule = (fallback: RateLimitRule) => z.object({ points: z.number(), durationSeconds: z.number() }).prefault(fallback);

/** Every default of identity's settings, in one place: what resolveConfig fills in. */
const identitySettings = z.object({
  /** Without its trailing slashes, so links are `${publicUrl}/auth?...`. */
  publicUrl: z.string().transform((url) => url.replace(/\/+$/, '')),
  ...baseSettingsDefaults,
  logLevel: z.string().default('info'),
  accessTokenTtlSeconds: z.number().default(DEFAULT_ACCESS_TOKEN_TTL_SECONDS),
  refreshTokenTtlDays: z.number().default(DEFAULT_REFRESH_TOKEN_TTL_DAYS),
  proofOfWorkDifficulty: z.number().default(DEFAULT_PROOF_OF_WORK_DIFFICULTY),
  deletionGraceSeconds: z.number().positive().default(deletionGraceOf(RETENTION.deletionDays)),
  deletionSweepEveryMs: z.number().int().positive().default(DEFAULT_DELETION_SWEEP_EVERY_MS),
  rateLimits: z
    .object({
      signInPerIp: rule(defaultRateLimits.signInPerIp),
      signInPerEmail: rule(defaultRateLimits.signInPerEmail),
      signUpPerIp: rule(defaultRateLimits.signUpPerIp),
      resetPerIp: rule(defaultRateLimits.resetPerIp),
      resetPerEmail: rule(defaultRateLimits.resetPerEmail),
      captchaPerIp: rule(defaultRateLimits.captchaPerIp),
    })
    .prefault({}),
});

/** The config with every default filled in, read-only: the rest of the service reads `config.x`, never `config.x ?? …`. */
export function resolveConfig(config: IdentityConfig) {
  return frozenConfig({ ...config, ...identitySettings.parse(config) });
}

export type ResolvedConfig = ReturnType<typeof resolveConfig>;
