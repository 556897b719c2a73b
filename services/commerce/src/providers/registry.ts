import { PAYMENT_PROVIDERS } from '@lbf/service-kit';
import type { ProviderConfigs } from './configs';
import { createMtnMomoClient } from './mtn-momo';
import { createNotchPayClient } from './notchpay';
import { createOrangeMoneyClient } from './orange-money';
import type { PaymentProvider, ProviderName } from './port';

/** The clients (src/providers/*) built from the config: one per offered method. */
export interface ProviderRegistry {
  get(name: ProviderName): PaymentProvider | null;
  /** Offered providers in the spec's order (Orange, MTN, NotchPay: the kit's PAYMENT_PROVIDERS). */
  list(): PaymentProvider[];
}

const CLIENTS: { [P in ProviderName]: (config: NonNullable<ProviderConfigs[P]>) => PaymentProvider } = {
  orange: createOrangeMoneyClient,
  mtn: createMtnMomoClient,
  notchpay: createNotchPayClient,
};

function clientOf<P extends ProviderName>(name: P, config: ProviderConfigs[P]): PaymentProvider | null {
  return config ? CLIENTS[name](config as NonNullable<ProviderConfigs[P]>) : null;
}

/**
 * Builds a client per configured provider (real credentials -> real endpoint, else the sandbox;
 * a provider with neither is absent and its method not offered). `given` replaces clients (tests).
 */
export function createProviderRegistry(
  configs: ProviderConfigs,
  given: Partial<Record<ProviderName, PaymentProvider>> = {},
): ProviderRegistry {
  const clients = new Map<ProviderName, PaymentProvider>();
  for (const name of PAYMENT_PROVIDERS) {
    const client = given[name] ?? clientOf(name, configs[name]);
    if (client) clients.set(name, client);
  }
  return {
    get: (name) => clients.get(name) ?? null,
    list: () => PAYMENT_PROVIDERS.flatMap((n) => (clients.has(n) ? [clients.get(n)!] : [])),
  };
}

/** The SDL's PaymentMethod of each provider, and back. */
export type PaymentMethodName = Uppercase<ProviderName>;
export const METHOD_OF = Object.fromEntries(PAYMENT_PROVIDERS.map((p) => [p, p.toUpperCase()])) as { [P in ProviderName]: Uppercase<P> };
export const PROVIDER_OF = Object.fromEntries(PAYMENT_PROVIDERS.map((p) => [p.toUpperCase(), p])) as { [M in PaymentMethodName]: Lowercase<M> & ProviderName };
/** The methods as a zod enum's values (`z.enum(PAYMENT_METHODS)`). */
export const PAYMENT_METHODS = PAYMENT_PROVIDERS.map((p) => p.toUpperCase() as PaymentMethodName) as [PaymentMethodName, ...PaymentMethodName[]];
