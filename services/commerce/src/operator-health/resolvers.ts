import { adminOnly } from '@lbf/service-kit';
import type { CommerceDeps } from '../deps';
import type { PaymentMethodInfoResolvers, QueryResolvers } from '../generated/graphql';
import { PROVIDER_OF } from '../providers';
import { healthView, operatorViews, paymentHealthReport, type HealthWatch } from './health-watch';

/** `PaymentMethodInfo.health` and `.operatorHealth`: what the payment dialog reads in its setup query. */
export function methodHealthFields(deps: CommerceDeps, watch: HealthWatch): Pick<PaymentMethodInfoResolvers, 'health' | 'operatorHealth'> {
  return {
    health: async ({ method }) => healthView((await watch.of(PROVIDER_OF[method])).all, deps),
    operatorHealth: async ({ method }) => operatorViews(await watch.of(PROVIDER_OF[method]), deps),
  };
}

export function healthQueries(deps: CommerceDeps, watch: HealthWatch): Pick<QueryResolvers, 'adminPaymentHealth'> {
  return {
    adminPaymentHealth: adminOnly(() => paymentHealthReport(deps, watch)),
  };
}
