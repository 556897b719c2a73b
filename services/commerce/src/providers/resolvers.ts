import type { QueryResolvers } from '../generated/graphql';
import { METHOD_HINTS, METHOD_LABELS } from '../shared/messages';
import { METHOD_OF, type PaymentMethodName, type ProviderRegistry } from './registry';

/** A PaymentMethodInfo as this module gives it; `health` and `operatorHealth` are the operator-health module's. */
export interface PaymentMethodModel {
  method: PaymentMethodName;
  label: string;
  requiresPhone: boolean;
  sandbox: boolean;
  windowSeconds: number;
  hint: string;
}

export function providerQueries(providers: ProviderRegistry): Pick<QueryResolvers, 'paymentMethods'> {
  return {
    paymentMethods: () =>
      providers.list().map((p): PaymentMethodModel => ({
        method: METHOD_OF[p.name],
        label: METHOD_LABELS[p.name],
        requiresPhone: p.name !== 'notchpay',
        sandbox: p.sandbox,
        windowSeconds: Math.round(p.windowMs / 1000),
        hint: METHOD_HINTS[p.name],
      })),
  };
}
