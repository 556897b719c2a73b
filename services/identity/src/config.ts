import { baseConfigFrom, baseEnv, DEFAULT_PUBLIC_URL, parseConfig, pemVariable, publicUrlVariable, siteTimezoneOf, type BaseConfig } from '@lbf/service-kit';
import { z } from 'zod';
import { defaultRateLimits, type RateLimits } from './operations/rate-limits';

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
}

export const DEFAULT_ACCESS_TOKEN_TTL_SECONDS = 900;
export const DEFAULT_REFRESH_TOKEN_TTL_DAYS = 30;

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
  };
}

/** The config with every default filled in, as the rest of the service uses it. */
export interface ResolvedConfig extends Required<Omit<IdentityConfig, 'host' | 'logLevel' | 'rateLimits'>> {
  host?: string;
  logLevel: string;
  rateLimits: RateLimits;
}

export function resolveConfig(config: IdentityConfig): ResolvedConfig {
  return {
    ...config,
    publicUrl: config.publicUrl.replace(/\/+$/, ''),
    siteTimezone: siteTimezoneOf(config),
    logLevel: config.logLevel ?? 'info',
    accessTokenTtlSeconds: config.accessTokenTtlSeconds ?? DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: config.refreshTokenTtlDays ?? DEFAULT_REFRESH_TOKEN_TTL_DAYS,
    redisKeyPrefix: config.redisKeyPrefix ?? 'lbf',
    rateLimits: { ...defaultRateLimits, ...config.rateLimits },
  };
}
