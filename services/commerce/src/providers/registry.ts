import type { CommerceConfig } from '../config';
import { createMtnMomoClient, createNotchPayClient, createOrangeMoneyClient } from '../providers';
import type { ProviderName, PaymentProvider } from '../providers/port';

/** The clients (src/providers/*) built from the config: one per offered method. */
export interface ProviderRegistry {
  get(name: ProviderName): PaymentProvider | null;
  /** Offered providers in the spec's order (Orange, MTN, NotchPay). */
  list(): PaymentProvider[];
}

/**
 * Builds a client per configured provider (real credentials -> real endpoint, else the sandbox;
 * a provider with neither is absent and its method not offered). `given` replaces clients (tests).
 */
export function createProviderRegistry(
  config: Pick<CommerceConfig, 'providers'>,
  given: Partial<Record<ProviderName, PaymentProvider>> = {},
): ProviderRegistry {
  const clients = new Map<ProviderName, PaymentProvider>();
  const { notchpay, mtn, orange } = config.providers;
  if (given.orange) clients.set('orange', given.orange);
  else if (orange) clients.set('orange', createOrangeMoneyClient(orange));
  if (given.mtn) clients.set('mtn', given.mtn);
  else if (mtn) clients.set('mtn', createMtnMomoClient(mtn));
  if (given.notchpay) clients.set('notchpay', given.notchpay);
  else if (notchpay) clients.set('notchpay', createNotchPayClient(notchpay));
  return {
    get: (name) => clients.get(name) ?? null,
    list: () => (['orange', 'mtn', 'notchpay'] as const).flatMap((n) => (clients.has(n) ? [clients.get(n)!] : [])),
  };
}

export const METHOD_OF: Record<ProviderName, 'ORANGE' | 'MTN' | 'NOTCHPAY'> = { orange: 'ORANGE', mtn: 'MTN', notchpay: 'NOTCHPAY' };
export const PROVIDER_OF: Record<'ORANGE' | 'MTN' | 'NOTCHPAY', ProviderName> = { ORANGE: 'orange', MTN: 'mtn', NOTCHPAY: 'notchpay' };
