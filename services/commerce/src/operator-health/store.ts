import type { EntityManager } from 'typeorm';
import type { MobileOperator } from '../entities';
import type { ProviderName } from '../providers';
import { NOT_THE_PROVIDERS_ANSWER, type HealthCounts } from './rules';

/** The operator-health module's door to payment_attempts: aggregates only, over an index on created_at. */

/**
 * The attempts pushed in [$1, $2), each classified as rules.ts `HealthOutcome` says, with its time
 * from push (the charge sent, or sent again after a crash) to the approval we learnt, when paid.
 * $3: our own failure codes that are not the provider's answer.
 */
const CLASSIFIED = `
  SELECT provider, operator, floor(extract(epoch FROM created_at) / 3600)::int AS hour,
    CASE
      WHEN status = 'completed' THEN 'completed'
      WHEN status = 'failed' AND NOT (COALESCE(failure_code, '') = ANY($3::text[])) THEN 'failed'
      WHEN status = 'expired' AND late_answer = 'failed' THEN 'failed'
      WHEN status = 'expired' AND late_answer = 'canceled' THEN 'canceled'
      WHEN status IN ('failed', 'expired') THEN 'unknown'
      ELSE status
    END AS outcome,
    CASE WHEN status = 'completed' THEN extract(epoch FROM settled_at - GREATEST(created_at, charge_resent_at))::float8 END AS approval_seconds
  FROM payment_attempts
  WHERE created_at >= $1 AND created_at < $2`;

const COUNTS = `
  count(*) FILTER (WHERE outcome = 'completed')::int AS completed,
  count(*) FILTER (WHERE outcome = 'failed')::int AS failed,
  count(*) FILTER (WHERE outcome = 'unknown')::int AS unknown,
  count(*) FILTER (WHERE outcome = 'pending')::int AS pending,
  count(*) FILTER (WHERE outcome = 'canceled')::int AS canceled,
  percentile_cont(0.5) WITHIN GROUP (ORDER BY approval_seconds) AS p50,
  percentile_cont(0.9) WITHIN GROUP (ORDER BY approval_seconds) AS p90`;

interface CountsRow {
  completed: number;
  failed: number;
  unknown: number;
  pending: number;
  canceled: number;
  p50: number | null;
  p90: number | null;
}

const seconds = (v: number | null) => (v === null ? null : Math.round(Number(v)));

function countsOf(r: CountsRow): HealthCounts {
  return {
    completed: r.completed,
    failed: r.failed,
    unknown: r.unknown,
    pending: r.pending,
    canceled: r.canceled,
    medianApprovalSeconds: seconds(r.p50),
    p90ApprovalSeconds: seconds(r.p90),
  };
}

/** Each provider's attempts of [since, until) counted (`operator` null), and per operator (`operator` set). */
export async function windowCounts(
  manager: EntityManager,
  since: Date,
  until: Date,
): Promise<Array<{ provider: ProviderName; operator: MobileOperator | null; whole: boolean; counts: HealthCounts }>> {
  const rows = (await manager.query(
    `WITH a AS (${CLASSIFIED})
     SELECT provider, operator, GROUPING(operator) = 1 AS whole, ${COUNTS}
     FROM a GROUP BY GROUPING SETS ((provider), (provider, operator))`,
    [since, until, NOT_THE_PROVIDERS_ANSWER],
  )) as Array<CountsRow & { provider: ProviderName; operator: MobileOperator | null; whole: boolean }>;
  return rows.map((r) => ({ provider: r.provider, operator: r.operator, whole: r.whole, counts: countsOf(r) }));
}

/** Each provider's attempts of [since, until) counted per hour (hours since the epoch). */
export async function hourlyCounts(manager: EntityManager, since: Date, until: Date): Promise<Array<{ provider: ProviderName; hour: number; counts: HealthCounts }>> {
  const rows = (await manager.query(
    `WITH a AS (${CLASSIFIED})
     SELECT provider, hour, ${COUNTS}
     FROM a GROUP BY provider, hour ORDER BY hour`,
    [since, until, NOT_THE_PROVIDERS_ANSWER],
  )) as Array<CountsRow & { provider: ProviderName; hour: number }>;
  return rows.map((r) => ({ provider: r.provider, hour: r.hour, counts: countsOf(r) }));
}
