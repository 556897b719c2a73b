import type { Metrics } from '@lbf/service-kit';
import type { CommerceDeps } from '../deps';
import { healthView, type HealthWatch } from './health-watch';
import type { HealthStatus } from './rules';

const STATUSES: readonly HealthStatus[] = ['OK', 'SLOW', 'FAILING', 'UNKNOWN'];
const OUTCOMES = ['completed', 'failed', 'unknown', 'pending', 'canceled'] as const;

/** Each provider's counts and its PaymentHealth, from the watch's cached figures. */
async function views(deps: Pick<CommerceDeps, 'config'>, watch: HealthWatch) {
  return [...(await watch.current()).values()].map((p) => ({ provider: p.provider, counts: p.all, view: healthView(p.all, deps) }));
}

/**
 * The operator health as Prometheus reads it, from the same cached figures the payment dialog
 * reads (one aggregate per `cacheSeconds` whatever the scrapes): per provider, the success rate,
 * the approval times, the attempts by health outcome, and the status (1 for the current one).
 * Every replica reports the same figures: aggregate with max, not sum.
 */
export function registerHealthMetrics(metrics: Metrics, deps: Pick<CommerceDeps, 'config'>, watch: HealthWatch): void {
  metrics.gauge('lbf_payment_health_success_ratio', 'Paid / settled attempts over the health window, by provider (absent when none settled)', ['provider'], async (g) => {
    const all = await views(deps, watch);
    g.reset();
    for (const { provider, view } of all) if (view.successRate !== null) g.set({ provider }, view.successRate);
  });
  metrics.gauge('lbf_payment_health_approval_seconds', 'Seconds from push to approval of paid attempts over the health window, by provider and quantile', ['provider', 'quantile'], async (g) => {
    const all = await views(deps, watch);
    g.reset();
    for (const { provider, view } of all) {
      if (view.medianApprovalSeconds !== null) g.set({ provider, quantile: '0.5' }, view.medianApprovalSeconds);
      if (view.p90ApprovalSeconds !== null) g.set({ provider, quantile: '0.9' }, view.p90ApprovalSeconds);
    }
  });
  metrics.gauge('lbf_payment_health_attempts', 'Attempts over the health window by provider and health outcome (completed, failed, unknown: timed out, pending, canceled)', ['provider', 'outcome'], async (g) => {
    const all = await views(deps, watch);
    g.reset();
    for (const { provider, counts } of all) for (const outcome of OUTCOMES) g.set({ provider, outcome }, counts[outcome]);
  });
  metrics.gauge('lbf_payment_health_status', 'Operator health by provider: 1 for its current status (OK, SLOW, FAILING, UNKNOWN), 0 for the others', ['provider', 'status'], async (g) => {
    const all = await views(deps, watch);
    g.reset();
    for (const { provider, view } of all) for (const status of STATUSES) g.set({ provider, status }, view.status === status ? 1 : 0);
  });
}
