import { baseConfigFrom, baseEnv, parseConfig, type BaseConfig } from '@lbf/service-kit';
import { z } from 'zod';

export interface AnalyticsConfig extends BaseConfig {
  /** IANA zone whose calendar day 'visits today' counts. */
  siteTimezone: string;
  /** Page visits one IP may record per minute before further ones are ignored; 120 by default. */
  visitsPerMinutePerIp?: number;
  /** Deliveries of an event before the counters consumer parks it; the kit's default (8) when absent. */
  eventMaxDeliver?: number;
}

/** The kit's base variables (SITE_TIMEZONE among them) and analytics' own. */
export const analyticsEnv = baseEnv.extend({
  /** Visits counted per minute and IP; raised only by the benchmark, which sends hundreds from one IP. */
  VISIT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().optional(),
});

export type AnalyticsEnv = z.infer<typeof analyticsEnv>;

/** Reads the environment once; throws a ConfigError naming every bad variable. */
export function fromEnv(source: NodeJS.ProcessEnv = process.env): AnalyticsConfig {
  const env: AnalyticsEnv = parseConfig(analyticsEnv, source);
  return {
    ...baseConfigFrom('analytics', env),
    siteTimezone: env.SITE_TIMEZONE,
    visitsPerMinutePerIp: env.VISIT_RATE_LIMIT_PER_MINUTE,
  };
}
