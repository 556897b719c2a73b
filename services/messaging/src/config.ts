import {
  baseConfigFrom,
  baseEnv,
  ConfigError,
  DEFAULT_PUBLIC_URL,
  
  frozenConfig,
  parseConfig,
  publicUrlVariable,
  type BaseConfig,
  type DeepReadonly,
  type JobRecovery,
  baseSettingsDefaults,
} from '@lbf/service-kit';
import { readFileSync } from 'node:fs';
import { z } from 'zod';

export interface MessagingConfig extends BaseConfig {
  /** Site origin, e.g. http://localhost:4000: every link in a mail starts with it. */
  publicUrl: string;
  /** Where mail goes: smtp(s)://user:pass@host:port. `npm start` and the tests point it at the mail catcher. */
  smtpUrl: string;
  /** The From header, e.g. 'LBF <no-reply@lbf.example>'. */
  mailFrom: string;
  /** Signs the links in mails (newsletter unsubscribe and tracked clicks); never leaves the server. */
  mailLinkSecret: string;
  /** Newsletter throttle: at most this many campaign mails per second (SMTP providers cap rates). */
  newsletterPerSecond: number;
  /** Deliveries of an event before a consumer parks it; the kit's default when absent. */
  eventMaxDeliver?: number;
  /**
   * How long a delivery may stay 'sending' before the sweeper takes it back (a worker killed
   * mid-send). Must stay well above one SMTP exchange, which the transport's timeouts bound
   * (mail/transport.ts). Default 120000.
   */
  mailSendLeaseMs?: number;
  /** The first retry delay of a `send-mail` job after a transient SMTP error (exponential back-off). Default 5000. */
  mailRetryDelayMs?: number;
  /** SMTP timeouts in ms (connection, greeting, socket inactivity); defaults 10000, 10000, 20000. */
  smtpTimeoutsMs?: { connection?: number; greeting?: number; socket?: number };
  /** How long after a purchase the buyer is invited to review it (issue 26 point 4). Default 5 days. */
  reviewReminderDelayMs?: number;
  /** How often the `remind-reviews` sweep looks for reminders due. Default 10 minutes. */
  reviewReminderSweepMs?: number;
  /** How quickly a job whose worker died runs again elsewhere (BullMQ lock and stalled check); BullMQ's defaults when absent. */
  jobRecovery?: JobRecovery;
  /**
   * Webhooks (issue 24 point 5). `secretKey`: encrypts the subscriptions' signing secrets at rest
   * (any string; a 256-bit key is derived from it); when absent, derived from `mailLinkSecret`.
   * `allowPrivateTargets`: loopback and private addresses accepted (development and tests only:
   * SSRF). `trustedCa`: an extra CA (PEM) for the receivers' certificates (tests' self-signed one).
   * `attempts` (8), `retryDelayMs` (first back-off, doubled: 2 min gives ~4 h 15 over 8 attempts),
   * `timeoutMs` (10 s), `pauseAfterFailures` (failed deliveries in a row before the subscription is
   * paused, 5), `sweepMs` (how often pending deliveries whose job was lost are dispatched again, 1 min).
   */
  webhooks?: {
    secretKey?: string;
    allowPrivateTargets?: boolean;
    trustedCa?: string | null;
    attempts?: number;
    retryDelayMs?: number;
    timeoutMs?: number;
    pauseAfterFailures?: number;
    sweepMs?: number;
    secretOverlapMs?: number;
  };
}

export const DEFAULT_WEBHOOKS = {
  allowPrivateTargets: false,
  trustedCa: null,
  attempts: 8,
  retryDelayMs: 120_000,
  timeoutMs: 10_000,
  pauseAfterFailures: 5,
  sweepMs: 60_000,
  // After « Changer le secret », how long the replaced secret still signs beside the new one.
  secretOverlapMs: 24 * 3600 * 1000,
};

/** Five days after a purchase, the invitation to review it. */
export const DEFAULT_REVIEW_REMINDER_DELAY_MS = 5 * 24 * 3600 * 1000;
export const DEFAULT_REVIEW_REMINDER_SWEEP_MS = 10 * 60 * 1000;

/** How long a delivery may stay 'sending' before the sweeper takes it back, by default. */
export const DEFAULT_MAIL_SEND_LEASE_MS = 120_000;
/** The first retry's delay by default (then 2x, 4x, ...): 5 s, 10 s, 20 s, 40 s, 80 s. */
export const DEFAULT_MAIL_RETRY_DELAY_MS = 5000;
/** SMTP timeouts: together they bound one exchange well under the sending lease (config.mailSendLeaseMs). */
export const DEFAULT_SMTP_TIMEOUTS = { connection: 10_000, greeting: 10_000, socket: 20_000 };

/**
 * Every optional setting's default, in one place (issue 21): `settleConfig` fills them once, so use
 * sites read `config.x` and never `config.x ?? fallback`.
 */
const optionalSettings = z.object({
  ...baseSettingsDefaults,
  mailSendLeaseMs: z.number().default(DEFAULT_MAIL_SEND_LEASE_MS),
  mailRetryDelayMs: z.number().default(DEFAULT_MAIL_RETRY_DELAY_MS),
  reviewReminderDelayMs: z.number().min(0).default(DEFAULT_REVIEW_REMINDER_DELAY_MS),
  reviewReminderSweepMs: z.number().min(1000).default(DEFAULT_REVIEW_REMINDER_SWEEP_MS),
  smtpTimeoutsMs: z
    .object({
      connection: z.number().default(DEFAULT_SMTP_TIMEOUTS.connection),
      greeting: z.number().default(DEFAULT_SMTP_TIMEOUTS.greeting),
      socket: z.number().default(DEFAULT_SMTP_TIMEOUTS.socket),
    })
    .default(DEFAULT_SMTP_TIMEOUTS),
  webhooks: z
    .object({
      secretKey: z.string().min(16),
      allowPrivateTargets: z.boolean().default(DEFAULT_WEBHOOKS.allowPrivateTargets),
      trustedCa: z.string().nullable().default(DEFAULT_WEBHOOKS.trustedCa),
      attempts: z.number().int().min(1).max(20).default(DEFAULT_WEBHOOKS.attempts),
      retryDelayMs: z.number().int().min(10).default(DEFAULT_WEBHOOKS.retryDelayMs),
      timeoutMs: z.number().int().min(100).default(DEFAULT_WEBHOOKS.timeoutMs),
      pauseAfterFailures: z.number().int().min(1).default(DEFAULT_WEBHOOKS.pauseAfterFailures),
      sweepMs: z.number().int().min(100).default(DEFAULT_WEBHOOKS.sweepMs),
      secretOverlapMs: z.number().int().min(0).default(DEFAULT_WEBHOOKS.secretOverlapMs),
    }),
});

/** The configuration messaging runs with: every default filled, read-only. */
export type MessagingSettings = DeepReadonly<Omit<MessagingConfig, keyof z.output<typeof optionalSettings>> & z.output<typeof optionalSettings>>;

/** A MessagingConfig (the environment's, or a test's) with its defaults filled, frozen: done once, in messagingService. */
export function settleConfig(config: MessagingConfig): MessagingSettings {
  const settled = optionalSettings.parse({
    redisKeyPrefix: config.redisKeyPrefix,
    siteTimezone: config.siteTimezone,
    mailSendLeaseMs: config.mailSendLeaseMs,
    mailRetryDelayMs: config.mailRetryDelayMs,
    smtpTimeoutsMs: config.smtpTimeoutsMs,
    reviewReminderDelayMs: config.reviewReminderDelayMs,
    reviewReminderSweepMs: config.reviewReminderSweepMs,
    // The secrets' key: its own, else derived from the mail links' secret.
    webhooks: { ...config.webhooks, secretKey: config.webhooks?.secretKey ?? config.mailLinkSecret },
  });
  return frozenConfig({ ...config, ...settled });
}

/** The embedded default: the local mail catcher (sandbox/mail) `npm start` runs. */
export const DEFAULT_SMTP_URL = 'smtp://127.0.0.1:4107';

export const messagingEnv = baseEnv.extend({
  PUBLIC_URL: publicUrlVariable.default(DEFAULT_PUBLIC_URL),
  SMTP_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^smtps?:\/\//, 'an smtp:// or smtps:// URL').optional()),
  MAIL_FROM: z.string().min(3).default('LBF <no-reply@lbf.local>'),
  MAIL_LINK_SECRET: z.string().min(16, 'required: at least 16 random characters'),
  NEWSLETTER_PER_SECOND: z.coerce.number().int().positive().max(10_000).default(50),
  /** How long a mail may stay 'sending' before the sweeper takes it back; above the SMTP timeouts (40 s in all). */
  MAIL_SEND_LEASE_MS: z.coerce.number().int().min(60_000).max(3_600_000).default(DEFAULT_MAIL_SEND_LEASE_MS),
  /** Encrypts the webhook subscriptions' secrets at rest; derived from MAIL_LINK_SECRET when unset. */
  WEBHOOK_SECRET_KEY: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32, 'at least 32 random characters').optional()),
  /** Development and tests only: webhooks may target loopback and private addresses (refused in production). */
  WEBHOOK_ALLOW_PRIVATE_TARGETS: z.enum(['0', '1', 'true', 'false']).default('0').transform((v) => v === '1' || v === 'true'),
  /** A PEM file of an extra CA trusted for webhook receivers (a private PKI). */
  WEBHOOK_CA_FILE: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /** The first retry's delay of a failed webhook delivery, doubled at each attempt (2 min: 8 attempts over ~4 h). */
  WEBHOOK_RETRY_DELAY_MS: z.coerce.number().int().min(100).default(DEFAULT_WEBHOOKS.retryDelayMs),
});

/** Reads the environment once; throws a ConfigError naming every bad variable. */
export function fromEnv(source: NodeJS.ProcessEnv = process.env): MessagingConfig {
  const e = parseConfig(messagingEnv, source);
  // Production never falls back to a catcher on loopback: a mail sent there would be lost to its reader.
  if (e.NODE_ENV === 'production' && !e.SMTP_URL) throw new ConfigError(['SMTP_URL: required in production (smtp://user:pass@host:587)']);
  if (e.NODE_ENV === 'production' && e.WEBHOOK_ALLOW_PRIVATE_TARGETS) throw new ConfigError(['WEBHOOK_ALLOW_PRIVATE_TARGETS: never in production (webhooks to private addresses)']);
  return {
    ...baseConfigFrom('messaging', e),
    publicUrl: e.PUBLIC_URL,
    smtpUrl: e.SMTP_URL ?? DEFAULT_SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailLinkSecret: e.MAIL_LINK_SECRET,
    newsletterPerSecond: e.NEWSLETTER_PER_SECOND,
    mailSendLeaseMs: e.MAIL_SEND_LEASE_MS,
    webhooks: {
      secretKey: e.WEBHOOK_SECRET_KEY,
      allowPrivateTargets: e.WEBHOOK_ALLOW_PRIVATE_TARGETS,
      trustedCa: e.WEBHOOK_CA_FILE ? readFileSync(e.WEBHOOK_CA_FILE, 'utf8') : null,
      retryDelayMs: e.WEBHOOK_RETRY_DELAY_MS,
    },
  };
}
