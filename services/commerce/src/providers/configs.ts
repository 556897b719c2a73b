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

/** A provider's credentials from the environment (field: variable), each trimmed: all of them set, or null. */
function credentialsFrom<K extends string>(env: Record<string, string | undefined>, names: Record<K, string>): Record<K, string> | null {
  const values = Object.entries<string>(names).map(([field, name]) => [field, trimmed(env[name])] as const);
  return values.every(([, v]) => v !== undefined) ? (Object.fromEntries(values) as Record<K, string>) : null;
}

/** What a client's config holds besides where it connects and with which credentials. */
type Connection<C> = Omit<C, 'sandbox' | 'windowMs' | 'timeoutMs' | 'fetchImpl'>;

/**
 * Builds the three configs from env variables (names in the commerce README):
 * real credentials switch a provider to its real endpoint; otherwise `PAYMENT_SANDBOX_URL` points it
 * at the sandbox; with neither it is `null` (not offered).
 */
export function providerConfigsFrom(env: Record<string, string | undefined>, tuning: ProviderTuning = {}): ProviderConfigs {
  const sandboxUrl = trimmed(env.PAYMENT_SANDBOX_URL)?.replace(/\/+$/, '');
  const sandboxKey = trimmed(env.PAYMENT_SANDBOX_WEBHOOK_KEY) ?? '';

  /** The real connection when there is one, else the sandbox's under `sandboxPath`, else null; with the tuning. */
  const offered = <C>(name: ProviderName, real: Connection<C> | null, sandboxPath: string, sandbox: Omit<Connection<C>, 'baseUrl'>): C | null => {
    const tuned = { windowMs: tuning.windowMs?.[name], timeoutMs: tuning.timeoutMs, fetchImpl: tuning.fetchImpl };
    if (real) return { ...real, sandbox: false, ...tuned } as C;
    return sandboxUrl ? ({ baseUrl: `${sandboxUrl}${sandboxPath}`, ...sandbox, sandbox: true, ...tuned } as C) : null;
  };

  const notch = credentialsFrom(env, { publicKey: 'NOTCHPAY_PUBLIC_KEY' });
  const notchpay = offered<NotchPayConfig>(
    'notchpay',
    notch && { baseUrl: trimmed(env.NOTCHPAY_BASE_URL) ?? NOTCHPAY_DEFAULT_BASE_URL, ...notch, webhookHashKey: trimmed(env.NOTCHPAY_WEBHOOK_HASH_KEY) ?? '' },
    '/notchpay',
    { ...SANDBOX_CREDENTIALS.notchpay, webhookHashKey: sandboxKey },
  );

  const momo = credentialsFrom(env, { apiUser: 'MTN_MOMO_API_USER', apiKey: 'MTN_MOMO_API_KEY', subscriptionKey: 'MTN_MOMO_SUBSCRIPTION_KEY' });
  const mtn = offered<MtnMomoConfig>(
    'mtn',
    momo && {
      baseUrl: trimmed(env.MTN_MOMO_BASE_URL) ?? MTN_MOMO_DEFAULT_BASE_URL,
      ...momo,
      targetEnvironment: trimmed(env.MTN_MOMO_TARGET_ENVIRONMENT) ?? 'mtncameroon',
      currency: trimmed(env.MTN_MOMO_CURRENCY) ?? 'XAF',
    },
    '/momo',
    SANDBOX_CREDENTIALS.mtn,
  );

  const om = credentialsFrom(env, {
    username: 'ORANGE_MONEY_USERNAME',
    password: 'ORANGE_MONEY_PASSWORD',
    authToken: 'ORANGE_MONEY_AUTH_TOKEN',
    channelMsisdn: 'ORANGE_MONEY_CHANNEL_MSISDN',
    pin: 'ORANGE_MONEY_PIN',
  });
  const orange = offered<OrangeMoneyConfig>('orange', om && { baseUrl: trimmed(env.ORANGE_MONEY_BASE_URL) ?? ORANGE_MONEY_DEFAULT_BASE_URL, ...om }, '/orange', SANDBOX_CREDENTIALS.orange);

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
