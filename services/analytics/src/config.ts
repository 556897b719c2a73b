import { DEFAULT_MAX_DELIVER, RETENTION } from '@lbf/proto-events';
import { baseConfigFrom, baseEnv, DEFAULT_SITE_TIMEZONE, frozenConfig, parseConfig, redisKeyPrefixVariable, type BaseConfig, type DeepReadonly } from '@lbf/service-kit';
import { z } from 'zod';

/** Page views one visitor may record per minute before further ones are ignored (an IP as a whole: 25 times that). */
export const DEFAULT_VISITS_PER_MINUTE_PER_IP = 120;

/** How long the administrators' journal keeps an entry (days): the privacy page's duration; the nightly job purges what is older. */
export const DEFAULT_ADMIN_JOURNAL_RETENTION_DAYS = RETENTION.adminJournalYears * 365;
/** The journal keeps an entry at least a year, whatever the setting (the table's purge function refuses less). */
export const MIN_ADMIN_JOURNAL_RETENTION_DAYS = 365;

/** What starts analytics (main from the environment, tests and the gateway's tests by hand): its own settings may be left out. */
export interface AnalyticsConfig extends BaseConfig {
  /** Page visits one visitor may record per minute before further ones are ignored; 120 by default. */
  visitsPerMinutePerIp?: number;
  /** Deliveries of an event before a consumer parks it; DEFAULT_MAX_DELIVER (8) when absent. */
  eventMaxDeliver?: number;
  /** Days the administrators' journal keeps an entry (at least 365); 5 years by default. */
  adminJournalRetentionDays?: number;
}

/** Analytics' own settings with every default, in this one place. */
const settingsSchema = z.object({
  siteTimezone: z.string().min(1).default(DEFAULT_SITE_TIMEZONE),
  redisKeyPrefix: redisKeyPrefixVariable,
  visitsPerMinutePerIp: z.number().int().positive().default(DEFAULT_VISITS_PER_MINUTE_PER_IP),
  eventMaxDeliver: z.number().int().positive().default(DEFAULT_MAX_DELIVER),
  adminJournalRetentionDays: z.number().int().min(MIN_ADMIN_JOURNAL_RETENTION_DAYS).default(DEFAULT_ADMIN_JOURNAL_RETENTION_DAYS),
});

/** The configuration the rooms read: every setting present, read-only. */
export type AnalyticsSettings = DeepReadonly<AnalyticsConfig & z.output<typeof settingsSchema>>;

/** Fills in every default once and freezes the result: use sites read `settings.x`, never `x ?? fallback`. */
export function analyticsSettings(config: AnalyticsConfig): AnalyticsSettings {
  const own = settingsSchema.parse({
    siteTimezone: config.siteTimezone,
    redisKeyPrefix: config.redisKeyPrefix,
    visitsPerMinutePerIp: config.visitsPerMinutePerIp,
    eventMaxDeliver: config.eventMaxDeliver,
    adminJournalRetentionDays: config.adminJournalRetentionDays,
  });
  return frozenConfig({ ...config, ...own });
}

/** The kit's base variables (SITE_TIMEZONE among them) and analytics' own. */
export const analyticsEnv = baseEnv.extend({
  /** Visits counted per minute and visitor; raised only by the benchmark, which sends hundreds from one IP. */
  VISIT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().optional(),
  /** Days the administrators' journal keeps an entry; at least 365. */
  ADMIN_JOURNAL_RETENTION_DAYS: z.coerce.number().int().min(MIN_ADMIN_JOURNAL_RETENTION_DAYS).optional(),
});

export type AnalyticsEnv = z.infer<typeof analyticsEnv>;

/** Reads the environment once; throws a ConfigError naming every bad variable. */
export function fromEnv(source: NodeJS.ProcessEnv = process.env): AnalyticsSettings {
  const env: AnalyticsEnv = parseConfig(analyticsEnv, source);
  return analyticsSettings({
    ...baseConfigFrom('analytics', env),
    siteTimezone: env.SITE_TIMEZONE,
    visitsPerMinutePerIp: env.VISIT_RATE_LIMIT_PER_MINUTE,
    adminJournalRetentionDays: env.ADMIN_JOURNAL_RETENTION_DAYS,
  });
}
