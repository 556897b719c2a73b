import { baseEnv, parseEnv, readPem } from '@lbf/service-kit';
import { z } from 'zod';
import { defaultRateLimits, type RateLimits } from './operations/rate-limits';

export interface IdentityConfig {
  port: number;
  host?: string;
  databaseUrl: string;
  natsUrl: string;
  redisUrl: string;
  eventStream: string;
  eventPrefix: string;
  /** PEM (PKCS#8) of the ES256 key that signs access tokens. */
  authPrivateKey: string;
  /** PEM (SPKI) of the matching public key; identity verifies its own tokens like everyone else. */
  authPublicKey: string;
  /** Site origin used in password-reset links, e.g. http://localhost:4000. */
  publicUrl: string;
  production: boolean;
  logLevel?: string;
  /** Default 900 (15 min). */
  accessTokenTtlSeconds?: number;
  /** Default 30. */
  refreshTokenTtlDays?: number;
  /** Default 'lbf'; tests pass a random one so rate limits and queues do not leak between files. */
  redisKeyPrefix?: string;
  rateLimits?: Partial<RateLimits>;
}

export const DEFAULT_PORT = 4101;
export const DEFAULT_ACCESS_TOKEN_TTL_SECONDS = 900;
export const DEFAULT_REFRESH_TOKEN_TTL_DAYS = 30;

const identityEnv = baseEnv.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_PORT),
  HOST: z.string().min(1).optional(),
  /** PEM of the private key that signs access tokens, or a path to it. */
  AUTH_PRIVATE_KEY: z.string().min(1, 'required: PEM text or a file path'),
  PUBLIC_URL: z.url().default('http://localhost:4000'),
  REDIS_KEY_PREFIX: z.string().regex(/^[A-Za-z0-9_-]+$/).default('lbf'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(DEFAULT_ACCESS_TOKEN_TTL_SECONDS),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(DEFAULT_REFRESH_TOKEN_TTL_DAYS),
});

/** Reads the environment once (every bad variable named, then exit 1) into a plain config. */
export function fromEnv(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  const e = parseEnv(identityEnv, env);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    natsUrl: e.NATS_URL,
    redisUrl: e.REDIS_URL,
    eventStream: e.EVENT_STREAM,
    eventPrefix: e.EVENT_PREFIX,
    authPrivateKey: readPem(e.AUTH_PRIVATE_KEY),
    authPublicKey: readPem(e.AUTH_PUBLIC_KEY),
    publicUrl: e.PUBLIC_URL.replace(/\/+$/, ''),
    production: e.NODE_ENV === 'production',
    logLevel: e.LOG_LEVEL,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
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
    logLevel: config.logLevel ?? 'info',
    accessTokenTtlSeconds: config.accessTokenTtlSeconds ?? DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: config.refreshTokenTtlDays ?? DEFAULT_REFRESH_TOKEN_TTL_DAYS,
    redisKeyPrefix: config.redisKeyPrefix ?? 'lbf',
    rateLimits: { ...defaultRateLimits, ...config.rateLimits },
  };
}
