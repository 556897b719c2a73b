import { baseConfigFrom, baseEnv, parseConfig, type BaseConfig } from '@lbf/service-kit';
import { z } from 'zod';
import type { ProviderName } from './providers/port';

/** Settings every provider client shares: where it talks and whether that is the built-in sandbox. */
export interface ProviderEndpoint {
  /** Base URL of the API, e.g. https://api.notchpay.co or http://127.0.0.1:4106/notchpay. */
  baseUrl: string;
  /** True when no real credentials are set and the client talks to the provider sandbox. */
  sandbox: boolean;
  /** How long a customer has to confirm; the client's default when absent (tests shorten it). */
  windowMs?: number;
}

export interface NotchPayConfig extends ProviderEndpoint {
  publicKey: string;
  /** Webhook Hash Key: x-notch-signature is hex HMAC-SHA256(raw body, this). */
  webhookHashKey: string | null;
}

export interface MtnMomoConfig extends ProviderEndpoint {
  apiUser: string;
  apiKey: string;
  subscriptionKey: string;
  targetEnvironment: string;
  currency: string;
}

export interface OrangeMoneyConfig extends ProviderEndpoint {
  username: string;
  password: string;
  authToken: string;
  channelMsisdn: string;
  pin: string;
}

export interface CommerceConfig extends BaseConfig {
  /** FCFA per US dollar (656, the spec's constant). */
  usdXafRate: number;
  /** Site origin, e.g. http://localhost:4000 (NotchPay's return page lives under it). */
  publicUrl: string;
  /** Base the providers call back: `${notifyUrl}/notchpay|mtn|orange`. */
  notifyUrl: string;
  /** Each provider's settings; null: the method is not offered (no credentials, no sandbox). */
  providers: { notchpay: NotchPayConfig | null; mtn: MtnMomoConfig | null; orange: OrangeMoneyConfig | null };
  /** Poller delays between status requests of one attempt (the last repeats); 3 s, 10 s, 30 s, 60 s by default. */
  pollDelaysMs?: number[];
  /** Deliveries of an event before a consumer parks it; the kit's default when absent. */
  eventMaxDeliver?: number;
}

export const DEFAULT_USD_XAF_RATE = 656;
export const DEFAULT_POLL_DELAYS_MS = [3_000, 10_000, 30_000, 60_000];

/** Sandbox credentials (accepted by sandbox/payments; used when no real ones are set). */
export const SANDBOX_CREDENTIALS = {
  notchpay: { publicKey: 'pk_test.sandbox' },
  mtn: { apiUser: 'sandbox-user', apiKey: 'sandbox-key', subscriptionKey: 'sandbox-subscription', targetEnvironment: 'mtncameroon', currency: 'XAF' },
  orange: { username: 'sandbox', password: 'sandbox', authToken: 'sandbox-auth', channelMsisdn: '691000000', pin: '0000' },
} as const;

/** An unset or empty variable (compose passes `${X:-}` through as '') is absent. */
const optional = z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional());
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());

export const commerceEnv = baseEnv.extend({
  PUBLIC_URL: z.url().default('http://localhost:4000'),
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
});

export type CommerceEnv = z.infer<typeof commerceEnv>;

const trim = (url: string) => url.replace(/\/+$/, '');

/**
 * Real credentials (all of a provider's variables) switch it to its real endpoint; otherwise
 * PAYMENT_SANDBOX_URL puts it on the sandbox; with neither the method is not offered.
 */
export function providersFrom(e: CommerceEnv): CommerceConfig['providers'] {
  const sandbox = e.PAYMENT_SANDBOX_URL ? trim(e.PAYMENT_SANDBOX_URL) : null;
  const notchpay: NotchPayConfig | null = e.NOTCHPAY_PUBLIC_KEY
    ? { baseUrl: trim(e.NOTCHPAY_BASE_URL), sandbox: false, publicKey: e.NOTCHPAY_PUBLIC_KEY, webhookHashKey: e.NOTCHPAY_WEBHOOK_HASH_KEY ?? null }
    : sandbox
      ? { baseUrl: `${sandbox}/notchpay`, sandbox: true, ...SANDBOX_CREDENTIALS.notchpay, webhookHashKey: e.PAYMENT_SANDBOX_WEBHOOK_KEY ?? null }
      : null;
  const mtnReal = e.MTN_MOMO_API_USER && e.MTN_MOMO_API_KEY && e.MTN_MOMO_SUBSCRIPTION_KEY;
  const mtn: MtnMomoConfig | null = mtnReal
    ? {
        baseUrl: trim(e.MTN_MOMO_BASE_URL),
        sandbox: false,
        apiUser: e.MTN_MOMO_API_USER!,
        apiKey: e.MTN_MOMO_API_KEY!,
        subscriptionKey: e.MTN_MOMO_SUBSCRIPTION_KEY!,
        targetEnvironment: e.MTN_MOMO_TARGET_ENVIRONMENT,
        currency: e.MTN_MOMO_CURRENCY,
      }
    : sandbox
      ? { baseUrl: `${sandbox}/momo`, sandbox: true, ...SANDBOX_CREDENTIALS.mtn }
      : null;
  const orangeReal =
    e.ORANGE_MONEY_USERNAME && e.ORANGE_MONEY_PASSWORD && e.ORANGE_MONEY_AUTH_TOKEN && e.ORANGE_MONEY_CHANNEL_MSISDN && e.ORANGE_MONEY_PIN;
  const orange: OrangeMoneyConfig | null = orangeReal
    ? {
        baseUrl: trim(e.ORANGE_MONEY_BASE_URL),
        sandbox: false,
        username: e.ORANGE_MONEY_USERNAME!,
        password: e.ORANGE_MONEY_PASSWORD!,
        authToken: e.ORANGE_MONEY_AUTH_TOKEN!,
        channelMsisdn: e.ORANGE_MONEY_CHANNEL_MSISDN!,
        pin: e.ORANGE_MONEY_PIN!,
      }
    : sandbox
      ? { baseUrl: `${sandbox}/orange`, sandbox: true, ...SANDBOX_CREDENTIALS.orange }
      : null;
  return { notchpay, mtn, orange };
}

/** Which providers a config offers, in the spec's order. */
export function offeredProviders(config: Pick<CommerceConfig, 'providers'>): ProviderName[] {
  return (['orange', 'mtn', 'notchpay'] as const).filter((p) => config.providers[p] !== null);
}

/** Reads the environment once; throws a ConfigError naming every bad variable. */
export function fromEnv(source: NodeJS.ProcessEnv = process.env): CommerceConfig {
  const e = parseConfig(commerceEnv, source);
  const publicUrl = trim(e.PUBLIC_URL);
  return {
    ...baseConfigFrom('commerce', e),
    usdXafRate: e.USD_XAF_RATE,
    publicUrl,
    notifyUrl: trim(e.PAYMENT_NOTIFY_URL ?? `${publicUrl}/payments/notify`),
    providers: providersFrom(e),
  };
}
