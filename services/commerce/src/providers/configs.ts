/**
 * The provider clients' settings: each provider gets real credentials (env) or, when it has none
 * and a sandbox URL is set, the sandbox's; with neither it is not offered. commerce's config.ts
 * reads the environment and calls `providerConfigsFrom`; the registry builds the clients.
 */
import { createMtnMomoClient, MTN_MOMO_DEFAULT_BASE_URL, type MtnMomoConfig } from './mtn-momo';
import { createNotchPayClient, NOTCHPAY_DEFAULT_BASE_URL, type NotchPayConfig } from './notchpay';
import { createOrangeMoneyClient, ORANGE_MONEY_DEFAULT_BASE_URL, type OrangeMoneyConfig } from './orange-money';
import type { PaymentProvider, ProviderName } from './port';

/** The credentials the sandbox accepts (sandbox/payments/src/credentials.ts holds the same values). */
export const SANDBOX_CREDENTIALS = {
  notchpay: { publicKey: 'pk_test.sandbox' },
  mtn: { apiUser: 'sandbox-user', apiKey: 'sandbox-key', subscriptionKey: 'sandbox-subscription', targetEnvironment: 'mtncameroon', currency: 'XAF' },
  orange: { username: 'sandbox', password: 'sandbox', authToken: 'sandbox-auth', channelMsisdn: '691000000', pin: '0000' },
} as const;

export interface ProviderConfigs {
  notchpay: NotchPayConfig | null;
  mtn: MtnMomoConfig | null;
  orange: OrangeMoneyConfig | null;
}

/** Per-provider overrides for tests (shorter windows, a fetch that answers like a provider, timeouts). */
export interface ProviderTuning {
  windowMs?: Partial<Record<ProviderName, number>>;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

const trimmed = (v: string | undefined) => (v && v.trim() ? v.trim() : undefined);

/**
 * Builds the three configs from env variables (names in the commerce README):
 * real credentials switch a provider to its real endpoint; otherwise `PAYMENT_SANDBOX_URL` points it
 * at the sandbox; with neither it is `null` (not offered).
 */
export function providerConfigsFrom(env: Record<string, string | undefined>, tuning: ProviderTuning = {}): ProviderConfigs {
  const sandboxUrl = trimmed(env.PAYMENT_SANDBOX_URL)?.replace(/\/+$/, '');
  const sandboxKey = trimmed(env.PAYMENT_SANDBOX_WEBHOOK_KEY) ?? '';
  const common = { timeoutMs: tuning.timeoutMs, fetchImpl: tuning.fetchImpl };

  const notchKey = trimmed(env.NOTCHPAY_PUBLIC_KEY);
  const notchpay: NotchPayConfig | null = notchKey
    ? {
        baseUrl: trimmed(env.NOTCHPAY_BASE_URL) ?? NOTCHPAY_DEFAULT_BASE_URL,
        publicKey: notchKey,
        webhookHashKey: trimmed(env.NOTCHPAY_WEBHOOK_HASH_KEY) ?? '',
        sandbox: false,
        windowMs: tuning.windowMs?.notchpay,
        ...common,
      }
    : sandboxUrl
      ? { baseUrl: `${sandboxUrl}/notchpay`, ...SANDBOX_CREDENTIALS.notchpay, webhookHashKey: sandboxKey, sandbox: true, windowMs: tuning.windowMs?.notchpay, ...common }
      : null;

  const mtnUser = trimmed(env.MTN_MOMO_API_USER);
  const mtnKey = trimmed(env.MTN_MOMO_API_KEY);
  const mtnSub = trimmed(env.MTN_MOMO_SUBSCRIPTION_KEY);
  const mtn: MtnMomoConfig | null =
    mtnUser && mtnKey && mtnSub
      ? {
          baseUrl: trimmed(env.MTN_MOMO_BASE_URL) ?? MTN_MOMO_DEFAULT_BASE_URL,
          apiUser: mtnUser,
          apiKey: mtnKey,
          subscriptionKey: mtnSub,
          targetEnvironment: trimmed(env.MTN_MOMO_TARGET_ENVIRONMENT) ?? 'mtncameroon',
          currency: trimmed(env.MTN_MOMO_CURRENCY) ?? 'XAF',
          sandbox: false,
          windowMs: tuning.windowMs?.mtn,
          ...common,
        }
      : sandboxUrl
        ? { baseUrl: `${sandboxUrl}/momo`, ...SANDBOX_CREDENTIALS.mtn, sandbox: true, windowMs: tuning.windowMs?.mtn, ...common }
        : null;

  const omUser = trimmed(env.ORANGE_MONEY_USERNAME);
  const omPass = trimmed(env.ORANGE_MONEY_PASSWORD);
  const omAuth = trimmed(env.ORANGE_MONEY_AUTH_TOKEN);
  const omChannel = trimmed(env.ORANGE_MONEY_CHANNEL_MSISDN);
  const omPin = trimmed(env.ORANGE_MONEY_PIN);
  const orange: OrangeMoneyConfig | null =
    omUser && omPass && omAuth && omChannel && omPin
      ? {
          baseUrl: trimmed(env.ORANGE_MONEY_BASE_URL) ?? ORANGE_MONEY_DEFAULT_BASE_URL,
          username: omUser,
          password: omPass,
          authToken: omAuth,
          channelMsisdn: omChannel,
          pin: omPin,
          sandbox: false,
          windowMs: tuning.windowMs?.orange,
          ...common,
        }
      : sandboxUrl
        ? { baseUrl: `${sandboxUrl}/orange`, ...SANDBOX_CREDENTIALS.orange, sandbox: true, windowMs: tuning.windowMs?.orange, ...common }
        : null;

  return { notchpay, mtn, orange };
}

/** The offered providers, by name (a provider without config is absent). */
export function createProviders(configs: ProviderConfigs): Map<ProviderName, PaymentProvider> {
  const out = new Map<ProviderName, PaymentProvider>();
  if (configs.notchpay) out.set('notchpay', createNotchPayClient(configs.notchpay));
  if (configs.mtn) out.set('mtn', createMtnMomoClient(configs.mtn));
  if (configs.orange) out.set('orange', createOrangeMoneyClient(configs.orange));
  return out;
}

/** Shorthand: env → offered providers. */
export function providerCatalogue(env: Record<string, string | undefined>, tuning: ProviderTuning = {}): Map<ProviderName, PaymentProvider> {
  return createProviders(providerConfigsFrom(env, tuning));
}
