import type { PaymentHealthStatus, PaymentMethod } from '@/generated/graphql';

/** What the payment dialog knows of each offered method's operator (commerce's `PaymentMethodInfo.health`). */
export interface MethodHealth {
  method: PaymentMethod;
  health: { status: PaymentHealthStatus };
}

/** Degraded: what the dialog warns about before the push. OK and UNKNOWN (too few payments to judge) are not. */
const DEGRADED: ReadonlySet<PaymentHealthStatus> = new Set(['SLOW', 'FAILING']);

/**
 * The warning for `method` when its operator is degraded, with the method to suggest instead: the
 * first other one (in the spec's order) whose operator is OK, else one that is merely unknown;
 * null when none is healthy. No warning (null) when `method` is not degraded.
 */
export function healthWarning(methods: readonly MethodHealth[], method: PaymentMethod): { status: 'SLOW' | 'FAILING'; instead: PaymentMethod | null } | null {
  const status = methods.find((m) => m.method === method)?.health.status;
  if (!status || !DEGRADED.has(status)) return null;
  const others = methods.filter((m) => m.method !== method);
  const instead = others.find((m) => m.health.status === 'OK') ?? others.find((m) => m.health.status === 'UNKNOWN') ?? null;
  return { status: status as 'SLOW' | 'FAILING', instead: instead?.method ?? null };
}
