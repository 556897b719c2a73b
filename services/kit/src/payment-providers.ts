/**
 * The payment providers, listed once: commerce's clients and webhooks, the gateway's
 * /payments/notify relay and the sandbox's routes all read this list. A new provider adds itself
 * here (and a client in commerce's providers module).
 */
export const PAYMENT_PROVIDERS = ['orange', 'mtn', 'notchpay'] as const;

export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export function isPaymentProvider(name: string): name is PaymentProviderName {
  return (PAYMENT_PROVIDERS as readonly string[]).includes(name);
}
