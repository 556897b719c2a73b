import type { Metrics } from '@lbf/service-kit';
import type { DataSource } from 'typeorm';

/** A pending attempt this long past its provider's window is stuck: neither the webhook nor the polls settled it. */
export const OVERDUE_GRACE_SECONDS = 300;

/**
 * Payments as an operator watches them (issue 22), read from the attempts table at scrape time, so
 * every replica reports the same figures (aggregate with max, not sum): attempts by provider and
 * status, and those overdue (the LbfPaymentsStuck alert, deploy/prometheus/alerts.yml).
 */
export function registerPaymentMetrics(metrics: Metrics, ds: DataSource): void {
  metrics.gauge('lbf_payment_attempts', 'Payment attempts by provider and status (pending, completed, failed, expired, canceled), from the database', ['provider', 'status'], async (g) => {
    const rows = (await ds.query(`SELECT provider, status, count(*)::int AS n FROM payment_attempts GROUP BY provider, status`)) as Array<{ provider: string; status: string; n: number }>;
    g.reset();
    for (const r of rows) g.set({ provider: r.provider, status: r.status }, r.n);
  });
  metrics.gauge('lbf_payment_attempts_overdue', `Pending attempts more than ${OVERDUE_GRACE_SECONDS} s past their provider's window, by provider`, ['provider'], async (g) => {
    const rows = (await ds.query(
      `SELECT provider, count(*)::int AS n FROM payment_attempts WHERE status = 'pending' AND expires_at < now() - make_interval(secs => $1) GROUP BY provider`,
      [OVERDUE_GRACE_SECONDS],
    )) as Array<{ provider: string; n: number }>;
    g.reset();
    for (const r of rows) g.set({ provider: r.provider }, r.n);
  });
}
