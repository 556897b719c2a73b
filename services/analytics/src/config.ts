import { baseEnv, parseEnv, readPem } from '@lbf/service-kit';
import { z } from 'zod';

export interface AnalyticsConfig {
  port: number;
  host?: string;
  databaseUrl: string;
  natsUrl: string;
  redisUrl: string;
  eventStream: string;
  eventPrefix: string;
  /** PEM of identity's public key, which verifies access tokens. */
  authPublicKey: string;
  production: boolean;
  /** IANA zone whose calendar day 'visits today' counts. */
  siteTimezone: string;
  logLevel?: string;
  /** Prefix of this service's Redis keys (rate limits, BullMQ queue); `lbf` unless a test isolates itself. */
  redisKeyPrefix?: string;
  /** Page visits one IP may record per minute before further ones are ignored; 120 by default. */
  visitsPerMinutePerIp?: number;
  /** Deliveries of an event before the counters consumer parks it; the kit's default (8) when absent. */
  eventMaxDeliver?: number;
}

export const DEFAULT_SITE_TIMEZONE = 'Africa/Douala';

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const analyticsEnv = baseEnv.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4105),
  HOST: z.string().optional(),
  SITE_TIMEZONE: z.string().refine(isTimeZone, 'not an IANA time zone').default(DEFAULT_SITE_TIMEZONE),
  REDIS_KEY_PREFIX: z.string().regex(/^[A-Za-z0-9_-]+$/).optional(),
  /** Visits counted per minute and IP; raised only by the benchmark, which sends hundreds from one IP. */
  VISIT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().optional(),
});

export type AnalyticsEnv = z.infer<typeof analyticsEnv>;

/** Reads the environment once; a bad variable is named and the process exits 1 (kit's parseEnv). */
export function fromEnv(source: NodeJS.ProcessEnv = process.env): AnalyticsConfig {
  const env: AnalyticsEnv = parseEnv(analyticsEnv, source);
  return {
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    natsUrl: env.NATS_URL,
    redisUrl: env.REDIS_URL,
    eventStream: env.EVENT_STREAM,
    eventPrefix: env.EVENT_PREFIX,
    authPublicKey: readPem(env.AUTH_PUBLIC_KEY),
    production: env.NODE_ENV === 'production',
    siteTimezone: env.SITE_TIMEZONE,
    logLevel: env.LOG_LEVEL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    visitsPerMinutePerIp: env.VISIT_RATE_LIMIT_PER_MINUTE,
  };
}
