import type { CommerceConfig, MtnMomoConfig, NotchPayConfig, OrangeMoneyConfig } from '../config';
import type { ProviderName, PaymentProvider } from '../providers/port';

/** The clients (src/providers/*) built from the config: one per offered method. */
export interface ProviderRegistry {
  get(name: ProviderName): PaymentProvider | null;
  /** Offered providers in the spec's order (Orange, MTN, NotchPay). */
  list(): PaymentProvider[];
}

export interface ProviderFactories {
  notchpay: (config: NotchPayConfig) => PaymentProvider;
  mtn: (config: MtnMomoConfig) => PaymentProvider;
  orange: (config: OrangeMoneyConfig) => PaymentProvider;
}

/** The real clients, each speaking its provider's HTTP protocol (to the real endpoint or the sandbox). */
export function defaultFactories(): ProviderFactories {
  // Required lazily so that a test handing its own clients never loads them.
  /* eslint-disable @typescript-eslint/no-require-imports */
  return {
    notchpay: (c) => (require('../providers/notchpay') as { createNotchPayClient: ProviderFactories['notchpay'] }).createNotchPayClient(c),
    mtn: (c) => (require('../providers/mtn-momo') as { createMtnMomoClient: ProviderFactories['mtn'] }).createMtnMomoClient(c),
    orange: (c) => (require('../providers/orange-money') as { createOrangeMoneyClient: ProviderFactories['orange'] }).createOrangeMoneyClient(c),
  };
  /* eslint-enable @typescript-eslint/no-require-imports */
}

/**
 * Builds a client per configured provider (real credentials -> real endpoint, else the sandbox;
 * a provider with neither is absent and its method not offered). `given` replaces clients (tests).
 */
export function createProviderRegistry(
  config: Pick<CommerceConfig, 'providers'>,
  given: Partial<Record<ProviderName, PaymentProvider>> = {},
  factories: () => ProviderFactories = defaultFactories,
): ProviderRegistry {
  const clients = new Map<ProviderName, PaymentProvider>();
  let built: ProviderFactories | null = null;
  const make = () => (built ??= factories());
  const { notchpay, mtn, orange } = config.providers;
  if (given.orange) clients.set('orange', given.orange);
  else if (orange) clients.set('orange', make().orange(orange));
  if (given.mtn) clients.set('mtn', given.mtn);
  else if (mtn) clients.set('mtn', make().mtn(mtn));
  if (given.notchpay) clients.set('notchpay', given.notchpay);
  else if (notchpay) clients.set('notchpay', make().notchpay(notchpay));
  return {
    get: (name) => clients.get(name) ?? null,
    list: () => (['orange', 'mtn', 'notchpay'] as const).flatMap((n) => (clients.has(n) ? [clients.get(n)!] : [])),
  };
}

export const METHOD_OF: Record<ProviderName, 'ORANGE' | 'MTN' | 'NOTCHPAY'> = { orange: 'ORANGE', mtn: 'MTN', notchpay: 'NOTCHPAY' };
export const PROVIDER_OF: Record<'ORANGE' | 'MTN' | 'NOTCHPAY', ProviderName> = { ORANGE: 'orange', MTN: 'mtn', NOTCHPAY: 'notchpay' };
