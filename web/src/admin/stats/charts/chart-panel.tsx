import { BarChart3 } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { statsFr } from '@/i18n/admin/stats';
import { totalOf, type ChartSeries, type DailyPoint } from './chart-types';

/** recharts is its own chunk inside the admin area: fetched when the first chart with data is drawn. */
const DailyChart = lazy(() => import('./daily-chart'));

function ChartSkeleton() {
  return (
    <div role="status" className="flex h-60 items-end gap-1.5 px-2 pb-6" data-testid="chart-skeleton">
      <span className="sr-only">{statsFr.chart.loading}</span>
      {[40, 65, 30, 80, 55, 70, 45, 90, 60, 35, 75, 50].map((height, i) => (
        <Skeleton key={i} className="flex-1" style={{ height: `${height}%` }} />
      ))}
    </div>
  );
}

/**
 * A card with one chart of daily rollups: a skeleton while the figures load, the empty-state
 * sentence when every value of the period is zero (recharts is then not even downloaded), else
 * the chart. `data-today` and `data-total` carry the first series' last day and sum, for the
 * browser tests.
 */
export function ChartPanel({
  title,
  days,
  data,
  series,
  label,
  testId,
  footer,
}: {
  title: string;
  days: number;
  /** undefined while loading. */
  data: readonly DailyPoint[] | undefined;
  series: readonly ChartSeries[];
  label: string;
  testId: string;
  footer?: ReactNode;
}) {
  const [first] = series;
  const empty = data !== undefined && series.every((s) => totalOf(data, s.key) === 0);
  const state = data === undefined ? 'loading' : empty ? 'empty' : 'chart';
  return (
    <Card
      className="min-w-0 p-4 sm:p-5"
      data-testid={testId}
      data-state={state}
      data-today={data && first ? (data.at(-1)?.[first.key] ?? 0) : undefined}
      data-total={data && first ? totalOf(data, first.key) : undefined}
    >
      <h2 className="text-base font-semibold">{title}</h2>
      {data && first && !empty && (
        <p className="mt-0.5 text-sm text-muted-foreground">
          {series.map((s) => statsFr.chart.total(s.name, s.format(totalOf(data, s.key)))).join(' · ')}
        </p>
      )}
      <div className="mt-3">
        {state === 'loading' && <ChartSkeleton />}
        {state === 'empty' && (
          <div className="flex h-60 flex-col items-center justify-center gap-2 rounded-md border border-dashed text-center text-muted-foreground">
            <BarChart3 aria-hidden="true" className="size-8" />
            <p className="px-4 text-sm">{statsFr.chart.empty(days)}</p>
          </div>
        )}
        {state === 'chart' && (
          <figure aria-label={label} className="m-0">
            <Suspense fallback={<ChartSkeleton />}>
              <DailyChart data={data!} series={series} label={label} />
            </Suspense>
          </figure>
        )}
      </div>
      {footer}
    </Card>
  );
}
