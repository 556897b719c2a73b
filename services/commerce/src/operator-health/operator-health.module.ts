import { defineModule, type Metrics } from '@lbf/service-kit';
import type { CommerceDeps, CommerceJobs } from '../deps';
import { HealthWatch } from './health-watch';
import { registerHealthMetrics } from './metrics';
import { healthQueries, methodHealthFields } from './resolvers';

/**
 * Operator health (issue 26 point 5): each provider's success rate and time to approval over the
 * last 30 minutes of our own attempts, the degraded rule (rules.ts), `PaymentMethodInfo.health`
 * for the payment dialog, the administrators' 24 hours, and their Prometheus gauges.
 */
export function operatorHealthModule(deps: CommerceDeps, metrics: Metrics) {
  const watch = new HealthWatch(deps);
  registerHealthMetrics(metrics, deps, watch);
  return defineModule<CommerceJobs>({
    name: 'operator-health',
    resolvers: { PaymentMethodInfo: methodHealthFields(deps, watch), Query: healthQueries(deps, watch) },
  });
}
