import { Area, Bar, CartesianGrid, ComposedChart, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCompact, formatLongDay, formatShortDay } from '../format';
import { statsFr } from '@/i18n/admin/stats';
import type { ChartSeries, DailyChartProps } from './chart-types';

const TICK = { fontSize: 12, fill: 'var(--color-muted-foreground)' } as const;

/** The tooltip in French: the day written out, then each series with its own unit. */
function DayTooltip({
  active,
  payload,
  label,
  series,
}: {
  active?: boolean;
  payload?: ReadonlyArray<{ dataKey?: unknown; value?: unknown }>;
  label?: unknown;
  series: readonly ChartSeries[];
}) {
  if (!active || !payload?.length) return null;
  return (
    <div className="rounded-md border bg-popover px-3 py-2 text-sm text-popover-foreground shadow-md" data-testid="chart-tooltip">
      <p className="mb-1 font-medium first-letter:uppercase">{formatLongDay(String(label))}</p>
      <ul className="flex flex-col gap-0.5">
        {series.map((s) => {
          const entry = payload.find((p) => p.dataKey === s.key);
          if (!entry) return null;
          return (
            <li key={s.key} className="flex items-center gap-2">
              <span aria-hidden="true" className="inline-block size-2.5 rounded-full" style={{ background: s.color }} />
              <span className="text-muted-foreground">{s.name}</span>
              <span className="ml-auto pl-3 font-medium tabular-nums">{s.format(Number(entry.value ?? 0))}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The names of the series read on one axis, joined for its title. */
function axisTitle(series: readonly ChartSeries[], axis: 'left' | 'right'): string {
  return series
    .filter((s) => (s.axis ?? 'left') === axis)
    .map((s) => s.name)
    .join(', ');
}

/**
 * One chart of daily rollups (recharts): bars for amounts per day, an area for a trend, a second
 * axis on the right for a series with another scale. An area is drawn with straight segments from
 * day to day (no smoothing: a curve must not rise on a day whose value is 0). With two axes, each
 * axis carries the name of its series and their colour, and the legend says which axis each reads
 * on. Loaded on its own (React.lazy), so recharts is downloaded only when a chart with data is
 * about to be drawn.
 */
export default function DailyChart({ data, series, label }: DailyChartProps) {
  const twoAxes = series.some((s) => s.axis === 'right');
  const compactPhone = data.length > 14;
  const colourOf = (axis: 'left' | 'right') => (twoAxes ? (series.find((s) => (s.axis ?? 'left') === axis)?.color ?? TICK.fill) : TICK.fill);
  const axisLabel = (axis: 'left' | 'right') =>
    twoAxes
      ? { value: axisTitle(series, axis), angle: -90, position: axis === 'left' ? ('insideLeft' as const) : ('insideRight' as const), style: { fontSize: 11, fill: colourOf(axis), textAnchor: 'middle' as const } }
      : undefined;
  return (
    <ComposedChart
      responsive
      style={{ width: '100%', height: 240 }}
      data={data as DailyChartProps['data'][number][]}
      margin={{ top: 8, right: twoAxes ? 0 : 8, bottom: 0, left: 0 }}
      barCategoryGap={compactPhone ? '15%' : '25%'}
      title={label}
    >
      <CartesianGrid vertical={false} strokeDasharray="3 3" stroke="var(--color-border)" />
      <XAxis dataKey="day" tickFormatter={formatShortDay} tick={TICK} tickLine={false} axisLine={false} minTickGap={20} interval="preserveStartEnd" />
      <YAxis
        yAxisId="left"
        tickFormatter={formatCompact}
        tick={{ ...TICK, fill: colourOf('left') }}
        tickLine={false}
        axisLine={false}
        width={twoAxes ? 56 : 44}
        allowDecimals={false}
        label={axisLabel('left')}
      />
      {twoAxes && (
        <YAxis
          yAxisId="right"
          orientation="right"
          tickFormatter={formatCompact}
          tick={{ ...TICK, fill: colourOf('right') }}
          tickLine={false}
          axisLine={false}
          width={48}
          allowDecimals={false}
          label={axisLabel('right')}
        />
      )}
      <Tooltip content={({ active, payload, label: day }) => <DayTooltip active={active} payload={payload} label={day} series={series} />} cursor={{ fill: 'var(--color-muted)', fillOpacity: 0.6 }} />
      {series.length > 1 && (
        <Legend
          verticalAlign="top"
          height={28}
          iconType="circle"
          iconSize={9}
          wrapperStyle={{ fontSize: 12 }}
          formatter={(name: string) => {
            const s = series.find((x) => x.name === name);
            return twoAxes && s ? statsFr.chart.onAxis(name, s.axis ?? 'left') : name;
          }}
        />
      )}
      {series.map((s) =>
        s.kind === 'bar' ? (
          <Bar key={s.key} dataKey={s.key} name={s.name} yAxisId={s.axis ?? 'left'} fill={s.color} radius={[3, 3, 0, 0]} maxBarSize={28} isAnimationActive={false} />
        ) : (
          <Area
            key={s.key}
            dataKey={s.key}
            name={s.name}
            yAxisId={s.axis ?? 'left'}
            type="linear"
            stroke={s.color}
            strokeWidth={2}
            fill={s.color}
            fillOpacity={0.15}
            dot={false}
            activeDot={{ r: 4 }}
            isAnimationActive={false}
          />
        ),
      )}
    </ComposedChart>
  );
}
