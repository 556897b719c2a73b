import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { operatorHealthFr as t } from '@/i18n/admin/operator-health';
import { formatHour } from '../lib/money';
import type { MethodHealthReport } from './operations';

const TICK = { fontSize: 12, fill: 'var(--color-muted-foreground)' } as const;

/** The colours of the outcomes: paid in the brand's green, refused in red, unanswered in grey; the median in amber. */
const COLORS = {
  completed: 'var(--color-primary)',
  failed: 'var(--color-destructive)',
  unknown: 'oklch(0.7 0.02 250)',
  median: 'oklch(0.72 0.15 65)',
} as const;

/**
 * One method's last 24 hours (recharts, its own chunk: loaded by React.lazy): the attempts pushed
 * each hour stacked by outcome (paid, refused, no answer), and the median time to approval on a
 * second axis in seconds. Hours are the site's (Douala).
 */
export default function HealthChart({ hours, label }: { hours: MethodHealthReport['hours']; label: string }) {
  const data = hours.map((h) => ({ ...h, time: formatHour(h.hour) }));
  return (
    <ComposedChart responsive style={{ width: '100%', height: 220 }} data={data} margin={{ top: 8, right: 0, bottom: 0, left: 0 }} barCategoryGap="15%" title={label}>
      <CartesianGrid vertical={false} strokeDasharray="3 3" stroke="var(--color-border)" />
      <XAxis dataKey="time" tick={TICK} tickLine={false} axisLine={false} minTickGap={16} interval="preserveStartEnd" />
      <YAxis yAxisId="count" tick={TICK} tickLine={false} axisLine={false} width={32} allowDecimals={false} />
      <YAxis yAxisId="seconds" orientation="right" tick={{ ...TICK, fill: COLORS.median }} tickLine={false} axisLine={false} width={40} allowDecimals={false} />
      <Tooltip cursor={{ fill: 'var(--color-muted)', fillOpacity: 0.6 }} contentStyle={{ fontSize: 13 }} />
      <Legend verticalAlign="top" height={28} iconType="circle" iconSize={9} wrapperStyle={{ fontSize: 12 }} />
      <Bar dataKey="completed" name={t.series.completed} stackId="outcome" yAxisId="count" fill={COLORS.completed} isAnimationActive={false} />
      <Bar dataKey="failed" name={t.series.failed} stackId="outcome" yAxisId="count" fill={COLORS.failed} isAnimationActive={false} />
      <Bar dataKey="unknown" name={t.series.unknown} stackId="outcome" yAxisId="count" fill={COLORS.unknown} radius={[3, 3, 0, 0]} isAnimationActive={false} />
      <Line dataKey="medianApprovalSeconds" name={t.series.median} yAxisId="seconds" type="linear" stroke={COLORS.median} strokeWidth={2} dot={{ r: 2 }} connectNulls={false} isAnimationActive={false} />
    </ComposedChart>
  );
}
