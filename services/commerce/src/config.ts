import {
  baseConfigFrom,
  baseEnv,
  DEFAULT_PUBLIC_URL,
  frozenConfig,
  PAYMENT_PROVIDERS,
  publicUrlVariable,
  parseConfig,
  siteTimezoneOf,
  type BaseConfig,
  type DeepReadonly,
  type PaymentProviderName,
} from '@lbf/service-kit';
import { z } from 'zod';
import { providerConfigsFrom, type ProviderConfigs } from './providers/configs';

export interface CommerceConfig extends BaseConfig {
  /** FCFA per US dollar (656, the spec's constant). */
  usdXafRate: number;
  /** Site origin, e.g. http://localhost:4000 (NotchPay's return page lives under it). */
  publicUrl: string;
  /** Base the providers call back: `${notifyUrl}/notchpay|mtn|orange`. */
  notifyUrl: string;
  /** Each provider's settings; null: the method is not offered (no credentials, no sandbox). */
  providers: ProviderConfigs;
  /** Poller delays between status requests of one attempt (the last repeats); 3 s, 10 s, 30 s, 60 s by default. */
  pollDelaysMs?: number[];
  /**
   * How long a charge may still be on its way to the provider after its attempt was committed (or
   * sent again); only past it does "the provider has no request for our reference" mean the call was
   * never made. 60 s by default (the slowest charge: token and request, with their timeouts); tests shorten it.
   */
  chargeGraceMs?: number;
  /** Deliveries of an event before a consumer parks it; the kit's default when absent. */
  eventMaxDeliver?: number;
  /** Operator health (operator-health/): what is measured and when a provider counts as degraded. */
  paymentHealth?: Partial<PaymentHealthConfig>;
}

/**
 * The operator health's window and its degraded rule (operator-health/rules.ts): a provider is
 * FAILING when fewer than `failingBelowPercent` % of at least `minSettled` settled attempts of the
 * last `windowMinutes` were paid, SLOW when the median time from push to approval of at least
 * `minApprovals` paid ones is above `slowMedianSeconds`. A figure is reused for `cacheSeconds`.
 */
export interface PaymentHealthConfig {
  windowMinutes: number;
  minSettled: number;
  failingBelowPercent: number;
  minApprovals: number;
  slowMedianSeconds: number;
  cacheSeconds: number;
}

export const DEFAULT_PAYMENT_HEALTH: Readonly<PaymentHealthConfig> = {
  windowMinutes: 30,
  minSettled: 5,
  failingBelowPercent: 70,
  minApprovals: 3,
  slowMedianSeconds: 90,
  cacheSeconds: 10,
};

export const DEFAULT_USD_XAF_RATE = 656;
export const DEFAULT_POLL_DELAYS_MS = [3_000, 10_000, 30_000, 60_000];
/** See CommerceConfig.chargeGraceMs. */
export const DEFAULT_CHARGE_GRACE_MS = 60_000;
/** REDIS_KEY_PREFIX's default (the kit's). */
const DEFAULT_REDIS_KEY_PREFIX = 'lbf';

/**
 * The config as commerce's modules read it: every optional setting given its default here, once,
 * and frozen (issue 21: no `config.x ?? fallback` at a use site).
 */
export type CommerceSettings = DeepReadonly<
  CommerceConfig & { pollDelaysMs: number[]; chargeGraceMs: number; redisKeyPrefix: string; siteTimezone: string; paymentHealth: PaymentHealthConfig }
>;

/** The settings a config (from `fromEnv` or a test's literal) may leave out, with their defaults. */
const defaulted = z.object({
  pollDelaysMs: z.array(z.number().int().nonnegative()).min(1).default(DEFAULT_POLL_DELAYS_MS),
  chargeGraceMs: z.number().int().nonnegative().default(DEFAULT_CHARGE_GRACE_MS),
  redisKeyPrefix: z.string().min(1).default(DEFAULT_REDIS_KEY_PREFIX),
  paymentHealth: z
    .object({
      windowMinutes: z.number().int().positive().default(DEFAULT_PAYMENT_HEALTH.windowMinutes),
      minSettled: z.number().int().positive().default(DEFAULT_PAYMENT_HEALTH.minSettled),
      failingBelowPercent: z.number().min(0).max(100).default(DEFAULT_PAYMENT_HEALTH.failingBelowPercent),
      minApprovals: z.number().int().positive().default(DEFAULT_PAYMENT_HEALTH.minApprovals),
      slowMedianSeconds: z.number().positive().default(DEFAULT_PAYMENT_HEALTH.slowMedianSeconds),
      cacheSeconds: z.number().min(0).default(DEFAULT_PAYMENT_HEALTH.cacheSeconds),
    })
    .prefault({}),
});

/** Fills every default of a config (from `fromEnv` or a test's literal) once, and freezes it. */
export function commerceSettings(config: CommerceConfig): CommerceSettings {
  return frozenConfig({ ...config, ...defaulted.parse(config), siteTimezone: siteTimezoneOf(config) });
}

/** An unset or empty variable (compose passes `${X:-}` through as '') is absent. */
const optional = z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional());
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());

export const commerceEnv = baseEnv.extend({
  PUBLIC_URL: publicUrlVariable.default(DEFAULT_PUBLIC_URL),
  USD_XAF_RATE: z.coerce.number().int().positive().default(DEFAULT_USD_XAF_RATE),
  PAYMENT_NOTIFY_URL: optionalUrl,
  PAYMENT_SANDBOX_URL: optionalUrl,
  PAYMENT_SANDBOX_WEBHOOK_KEY: optional,
  NOTCHPAY_PUBLIC_KEY: optional,
  NOTCHPAY_WEBHOOK_HASH_KEY: optional,
  NOTCHPAY_BASE_URL: z.url().default('https://api.notchpay.co'),
  MTN_MOMO_API_USER: optional,
  MTN_MOMO_API_KEY: optional,
  MTN_MOMO_SUBSCRIPTION_KEY: optional,
  MTN_MOMO_TARGET_ENVIRONMENT: z.string().min(1).default('mtncameroon'),
  MTN_MOMO_CURRENCY: z.string().min(1).default('XAF'),
  MTN_MOMO_BASE_URL: z.url().default('https://proxy.momoapi.mtn.com'),
  ORANGE_MONEY_USERNAME: optional,
  ORANGE_MONEY_PASSWORD: optional,
  ORANGE_MONEY_AUTH_TOKEN: optional,
  ORANGE_MONEY_CHANNEL_MSISDN: optional,
  ORANGE_MONEY_PIN: optional,
  ORANGE_MONEY_BASE_URL: z.url().default('https://api-s1.orange.cm'),
  PAYMENT_HEALTH_WINDOW_MINUTES: z.coerce.number().int().positive().default(DEFAULT_PAYMENT_HEALTH.windowMinutes),
  PAYMENT_HEALTH_MIN_SETTLED: z.coerce.number().int().positive().default(DEFAULT_PAYMENT_HEALTH.minSettled),
  PAYMENT_HEALTH_FAILING_BELOW_PERCENT: z.coerce.number().min(0).max(100).default(DEFAULT_PAYMENT_HEALTH.failingBelowPercent),
  PAYMENT_HEALTH_MIN_APPROVALS: z.coerce.number().int().positive().default(DEFAULT_PAYMENT_HEALTH.minApprovals),
  PAYMENT_HEALTH_SLOW_MEDIAN_SECONDS: z.coerce.number().positive().default(DEFAULT_PAYMENT_HEALTH.slowMedianSeconds),
  PAYMENT_HEALTH_CACHE_SECONDS: z.coerce.number().min(0).default(DEFAULT_PAYMENT_HEALTH.cacheSeconds),
});

export type CommerceEnv = z.infer<typeof commerceEnv>;

const trim = (url: string) => url.replace(/\/+$/, '');

/** Which providers a config offers, in the spec's order. */
export function offeredProviders(config: Pick<CommerceConfig, 'providers'>): PaymentProviderName[] {
  return PAYMENT_PROVIDERS.filter((p) => config.providers[p] !== null);
}

/** Reads the environment once; throws a ConfigError naming every bad variable. */
export function fromEnv(source: NodeJS.ProcessEnv = process.env): CommerceConfig {
  const e = parseConfig(commerceEnv, source);
  const publicUrl = e.PUBLIC_URL;
  return {
    ...baseConfigFrom('commerce', e),
    usdXafRate: e.USD_XAF_RATE,
    publicUrl,
    notifyUrl: trim(e.PAYMENT_NOTIFY_URL ?? `${publicUrl}/payments/notify`),
    // Real credentials -> real endpoint, else PAYMENT_SANDBOX_URL -> sandbox, else not offered (providers/configs.ts).
    providers: providerConfigsFrom(source),
    paymentHealth: {
      windowMinutes: e.PAYMENT_HEALTH_WINDOW_MINUTES,
      minSettled: e.PAYMENT_HEALTH_MIN_SETTLED,
      failingBelowPercent: e.PAYMENT_HEALTH_FAILING_BELOW_PERCENT,
      minApprovals: e.PAYMENT_HEALTH_MIN_APPROVALS,
      slowMedianSeconds: e.PAYMENT_HEALTH_SLOW_MEDIAN_SECONDS,
      cacheSeconds: e.PAYMENT_HEALTH_CACHE_SECONDS,
    },
  };
}
