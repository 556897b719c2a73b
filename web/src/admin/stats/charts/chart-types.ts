/** The per-day measures a chart can draw (analytics' DailyStat fields, its day aside). */
export type DailyMeasure = 'signUps' | 'buyers' | 'purchases' | 'revenueXaf' | 'visits' | 'pageViews' | 'visitors' | 'videoViews' | 'pdfDownloads';

/** One day of a chart: the rollup's day ('YYYY-MM-DD', site time) and the measures asked for. */
export type DailyPoint = { day: string } & Partial<Record<DailyMeasure, number>>;

export interface ChartSeries {
  key: DailyMeasure;
  /** The legend's and the tooltip's name, e.g. 'Visites'. */
  name: string;
  /** Bars for amounts per day, an area for a trend. */
  kind: 'bar' | 'area';
  color: string;
  /** A second series with another scale reads on its own axis, on the right. */
  axis?: 'left' | 'right';
  /** The tooltip's value, e.g. '2 356 FCFA'. */
  format(value: number): string;
}

export interface DailyChartProps {
  data: readonly DailyPoint[];
  series: readonly ChartSeries[];
  /** Tells a screen reader what the picture shows. */
  label: string;
}

/** The site's colours for the series: the green of the brand, then amber and blue. */
export const CHART_COLORS = {
  primary: 'var(--color-primary)',
  amber: 'oklch(0.72 0.15 65)',
  blue: 'oklch(0.55 0.13 250)',
  violet: 'oklch(0.55 0.15 300)',
} as const;

export function totalOf(data: readonly DailyPoint[], key: DailyMeasure): number {
  return data.reduce((sum, point) => sum + (point[key] ?? 0), 0);
}
