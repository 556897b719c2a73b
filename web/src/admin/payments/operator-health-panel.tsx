import { Activity } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useApolloQuery } from '@/data/hooks';
import type { PaymentHealthStatus } from '@/generated/graphql';
import { operatorHealthFr as t } from '@/i18n/admin/operator-health';
import { ToneBadge } from '../components/status-badge';
import { LoadFailure } from '../components/paged-list';
import { EmptyState } from '../components/data-list';
import { formatDuration, formatPercent } from '../stats/format';
import { type HealthFigures, type MethodHealthReport, type PaymentHealthReport } from './operations';
import ADMIN_PAYMENT_HEALTH from './graphql/admin-payment-health.query.graphql';

/** recharts is its own chunk: fetched when the first chart with attempts is drawn. */
const HealthChart = lazy(() => import('./health-chart'));

const TONES = { OK: 'success', SLOW: 'warning', FAILING: 'danger', UNKNOWN: 'muted' } as const satisfies Record<PaymentHealthStatus, string>;

/** The figures refresh on their own: a bad hour shows without a reload. */
const REFRESH_MS = 60_000;

const seconds = (value: number | null) => (value === null ? t.none : formatDuration(value));

function HealthBadge({ status }: { status: PaymentHealthStatus }) {
  return (
    <ToneBadge tone={TONES[status]} data-status={status}>
      {t.status[status]}
    </ToneBadge>
  );
}

/** The window's figures as a definition list: rate, median, 90th percentile, settled, without answer, waiting. */
function Figures({ health }: { health: HealthFigures }) {
  const f = t.figures;
  const rows: Array<[string, string, string]> = [
    ['success-rate', f.successRate, health.successRate === null ? t.none : formatPercent(health.successRate * 100)],
    ['median', f.median, seconds(health.medianApprovalSeconds)],
    ['p90', f.p90, seconds(health.p90ApprovalSeconds)],
    ['settled', f.settled, String(health.sampleSize)],
    ['unknown', f.unknown, String(health.unknownCount)],
    ['pending', f.pending, String(health.pendingCount)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
      {rows.map(([key, label, value]) => (
        <div key={key} className="min-w-0">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="font-semibold tabular-nums" data-testid={`health-${key}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** One method: its status and figures now, NotchPay's per network, and its last 24 hours. */
function MethodCard({ report }: { report: MethodHealthReport }) {
  const attempts = report.hours.reduce((sum, h) => sum + h.attempts, 0);
  return (
    <Card className="min-w-0 p-4 sm:p-5" data-testid={`health-${report.method.toLowerCase()}`} data-status={report.health.status}>
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 className="text-base font-semibold">{report.label}</h2>
        <HealthBadge status={report.health.status} />
      </div>
      <Figures health={report.health} />
      {report.operatorHealth.map((o) => (
        <div key={o.operator} className="mt-3 border-t pt-3">
          <div className="mb-2 flex items-center justify-between gap-3">
            <h3 className="text-sm font-medium">{t.via(t.operators[o.operator])}</h3>
            <HealthBadge status={o.health.status} />
          </div>
          <Figures health={o.health} />
        </div>
      ))}
      <h3 className="mt-4 mb-1 text-sm font-medium text-muted-foreground">{t.chartTitle}</h3>
      {attempts === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{t.noAttempts}</p>
      ) : (
        <figure aria-label={t.chartLabel(report.label)} className="m-0" data-testid="health-chart">
          <Suspense fallback={<Skeleton className="h-[220px] w-full" />}>
            <HealthChart hours={report.hours} label={t.chartLabel(report.label)} />
          </Suspense>
        </figure>
      )}
    </Card>
  );
}

function RuleLine({ rule }: { rule: PaymentHealthReport['rule'] }) {
  return (
    <div className="mb-4 flex flex-col gap-1 text-sm text-muted-foreground">
      <p>{t.intro(rule.windowMinutes)}</p>
      <p data-testid="health-rule">{t.rule(formatPercent(rule.failingBelowPercent), rule.minSettled, formatDuration(rule.slowMedianSeconds), rule.minApprovals)}</p>
    </div>
  );
}

/**
 * « Santé des opérateurs » (issue 26 point 5), the payments page's second tab: the degraded rule,
 * then each offered method's status and figures over the last 30 minutes and a chart of its last
 * 24 hours; administrators only (commerce's adminPaymentHealth).
 */
export function OperatorHealthPanel() {
  const { data, loading, error, refetch } = useApolloQuery(ADMIN_PAYMENT_HEALTH, { fetchPolicy: 'cache-and-network', pollInterval: REFRESH_MS });
  const report = data?.adminPaymentHealth;
  if (!report && error) return <LoadFailure text={t.loadFailure} retryLabel={t.retry} onRetry={() => void refetch()} />;
  if (!report) return loading ? <Skeleton className="h-64 w-full" /> : null;
  return (
    <section aria-label={t.tabs.health} data-testid="operator-health">
      <RuleLine rule={report.rule} />
      {report.methods.length === 0 ? (
        <EmptyState icon={<Activity />} text={t.noMethods} />
      ) : (
        <div className="grid gap-4 xl:grid-cols-2">
          {report.methods.map((m) => (
            <MethodCard key={m.method} report={m} />
          ))}
        </div>
      )}
    </section>
  );
}
