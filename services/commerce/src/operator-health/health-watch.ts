import { PAYMENT_PROVIDERS } from '@lbf/service-kit';
import type { CommerceDeps } from '../deps';
import type { MobileOperator as MobileOperatorGql, OperatorHealth, PaymentHealth, PaymentHealthHour, PaymentHealthReport } from '../generated/graphql';
import { METHOD_OF, type ProviderName } from '../providers';
import { METHOD_LABELS } from '../shared/messages';
import { healthStatus, lastHours, NO_ATTEMPTS, settledCount, successRate, type HealthCounts, type ProviderCounts } from './rules';
import { hourlyCounts, windowCounts } from './store';

type HealthDeps = Pick<CommerceDeps, 'ds' | 'config' | 'now'>;

/** The chart's span: the last 24 hours, hour by hour. */
export const REPORT_HOURS = 24;

const OPERATOR_OF = { orange: 'ORANGE', mtn: 'MTN' } as const satisfies Record<string, MobileOperatorGql>;

/** Figures as the SDL's PaymentHealth, the status decided by the one rule (rules.ts `healthStatus`). */
export function healthView(counts: HealthCounts, deps: Pick<HealthDeps, 'config'>): PaymentHealth {
  const rule = deps.config.paymentHealth;
  return {
    status: healthStatus(counts, rule),
    successRate: successRate(counts),
    medianApprovalSeconds: counts.medianApprovalSeconds,
    p90ApprovalSeconds: counts.p90ApprovalSeconds,
    sampleSize: settledCount(counts),
    unknownCount: counts.unknown,
    pendingCount: counts.pending,
    windowMinutes: rule.windowMinutes,
  };
}

/** NotchPay's figures per network it routed to (Orange Money and MTN MoMo are their own: none). */
export function operatorViews(p: ProviderCounts, deps: Pick<HealthDeps, 'config'>): OperatorHealth[] {
  if (p.provider !== 'notchpay') return [];
  return p.operators.map((o) => ({ operator: OPERATOR_OF[o.operator], health: healthView(o.counts, deps) }));
}

/** The window's rows as one entry per provider (all three, zeros for one without attempts). */
async function loadWindow(deps: HealthDeps, now: Date): Promise<Map<ProviderName, ProviderCounts>> {
  const since = new Date(now.getTime() - deps.config.paymentHealth.windowMinutes * 60_000);
  const rows = await windowCounts(deps.ds.manager, since, new Date(now.getTime() + 1));
  const byProvider = new Map<ProviderName, ProviderCounts>(PAYMENT_PROVIDERS.map((provider) => [provider, { provider, all: NO_ATTEMPTS, operators: [] }]));
  for (const r of rows) {
    const entry = byProvider.get(r.provider);
    if (!entry) continue;
    if (r.whole) entry.all = r.counts;
    else if (r.operator) entry.operators.push({ operator: r.operator, counts: r.counts });
  }
  return byProvider;
}

/**
 * Each provider's figures over the last `windowMinutes` (30), from one aggregate statement, kept
 * for `cacheSeconds` (10) in this process so that every payment dialog may ask: a dialog's three
 * methods and the metrics scrape share one statement; concurrent askers share the one in flight.
 */
export class HealthWatch {
  private cached: { at: number; settled: boolean; value: Promise<Map<ProviderName, ProviderCounts>> } | null = null;

  constructor(private readonly deps: HealthDeps) {}

  current(): Promise<Map<ProviderName, ProviderCounts>> {
    const now = this.deps.now();
    const c = this.cached;
    if (c && (!c.settled || now.getTime() - c.at < this.deps.config.paymentHealth.cacheSeconds * 1000)) return c.value;
    const entry = { at: now.getTime(), settled: false, value: loadWindow(this.deps, now) };
    this.cached = entry;
    entry.value.then(
      () => void (entry.settled = true),
      () => void (this.cached === entry && (this.cached = null)),
    );
    return entry.value;
  }

  async of(provider: ProviderName): Promise<ProviderCounts> {
    return (await this.current()).get(provider)!;
  }
}

/** Each offered provider's hours of the last 24, oldest first, empty hours with zeros. */
async function hoursOf(deps: HealthDeps, now: Date): Promise<Map<ProviderName, PaymentHealthHour[]>> {
  const hours = lastHours(now, REPORT_HOURS);
  const since = new Date(hours[0]! * 3_600_000);
  const rows = await hourlyCounts(deps.ds.manager, since, new Date(now.getTime() + 1));
  const counted = new Map(rows.map((r) => [`${r.provider}:${r.hour}`, r.counts]));
  return new Map(
    PAYMENT_PROVIDERS.map((provider) => [
      provider,
      hours.map((hour) => {
        const c = counted.get(`${provider}:${hour}`) ?? NO_ATTEMPTS;
        return {
          hour: new Date(hour * 3_600_000).toISOString(),
          attempts: c.completed + c.failed + c.unknown + c.pending + c.canceled,
          completed: c.completed,
          failed: c.failed,
          unknown: c.unknown,
          successRate: successRate(c),
          medianApprovalSeconds: c.medianApprovalSeconds,
          p90ApprovalSeconds: c.p90ApprovalSeconds,
        };
      }),
    ]),
  );
}

/** The back-office's « Santé des opérateurs »: the rule, and per offered method its health now and its last 24 hours. */
export async function paymentHealthReport(deps: CommerceDeps, watch: HealthWatch): Promise<PaymentHealthReport> {
  const now = deps.now();
  const [current, hours] = await Promise.all([watch.current(), hoursOf(deps, now)]);
  const rule = deps.config.paymentHealth;
  return {
    rule: {
      windowMinutes: rule.windowMinutes,
      failingBelowPercent: rule.failingBelowPercent,
      minSettled: rule.minSettled,
      slowMedianSeconds: rule.slowMedianSeconds,
      minApprovals: rule.minApprovals,
    },
    methods: deps.providers.list().map((p) => ({
      method: METHOD_OF[p.name],
      label: METHOD_LABELS[p.name],
      health: healthView(current.get(p.name)!.all, deps),
      operatorHealth: operatorViews(current.get(p.name)!, deps),
      hours: hours.get(p.name)!,
    })),
  };
}
