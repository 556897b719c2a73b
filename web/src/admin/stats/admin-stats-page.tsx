import { useApolloQuery } from '@/data/hooks';
import { Clock, Download, Eye, FileText, Layers, Mail, MousePointerClick, ShoppingCart, Users, Video } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePage } from '@/hooks/use-page';
import { fr } from '@/i18n/fr';
import { formatCount } from '@/lib/format/number';
import { cn } from '@/lib/utils';
import { formatXaf } from '../lib/money';
import { useLogError } from '../lib/use-log-error';
import { PageHeader } from '../components/page-header';
import { StatCard, StatCardSkeleton } from '../components/stat-card';
import { ChartPanel } from './charts/chart-panel';
import { CHART_COLORS, totalOf, type ChartSeries } from './charts/chart-types';
import { formatDecimal, formatDuration, formatFullDay, formatPercent } from './format';
import { ADMIN_STATS_ANALYTICS, ADMIN_STATS_CATALOGUE, ADMIN_STATS_NEWSLETTER, ADMIN_STATS_USERS } from './operations';
import { statsFr } from '@/i18n/admin/stats';
import { TopItemsTable, TopPagesTable } from './top-tables';

const t = statsFr;
/** The period selector's choices, in days (today included); 30 by default. */
const PERIODS = [7, 30, 90, 365] as const;
const DEFAULT_DAYS = 30;

function usePeriod(): [number, (days: number) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('jours'));
  const days = (PERIODS as readonly number[]).includes(asked) ? asked : DEFAULT_DAYS;
  const choose = (next: number) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === DEFAULT_DAYS) copy.delete('jours');
        else copy.set('jours', String(next));
        return copy;
      },
      { replace: true },
    );
  return [days, choose];
}

function PeriodSelector({ days, onChange }: { days: number; onChange(days: number): void }) {
  return (
    <div role="group" aria-label={t.period.label} className="inline-flex rounded-md border bg-card p-0.5 shadow-sm" data-testid="period-selector">
      {PERIODS.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === days}
          onClick={() => onChange(option)}
          className={cn(
            'rounded-[5px] px-2.5 py-1.5 text-sm font-medium whitespace-nowrap transition-colors sm:px-3',
            option === days ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
          )}
        >
          {t.period.option(option)}
        </button>
      ))}
    </div>
  );
}

/** A card's place: the card once its figure came, a skeleton while awaited, nothing after a failure. */
function Figure({ ready, loading, skeletons = 1, children }: { ready: boolean; loading: boolean; skeletons?: number; children: ReactNode }) {
  if (ready) return <>{children}</>;
  return loading ? Array.from({ length: skeletons }, (_, i) => <StatCardSkeleton key={i} />) : null;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-8" aria-label={title}>
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/**
 * /admin/stats (spec 'Admin statistics'): the six cards, then what the spec left as dashes —
 * conversion, average visit, pages per visit, growth charts — and the period's top pages and
 * best sellers, all from analytics' daily rollups. One query per service; a failure is only
 * logged (spec §8) and takes its own figures away, never shows a zero.
 */
export default function AdminStatsPage() {
  usePage(fr.admin.nav.stats);
  const [days, setDays] = usePeriod();
  const options = { fetchPolicy: 'cache-and-network' } as const;
  const identity = useApolloQuery(ADMIN_STATS_USERS, options);
  const catalogue = useApolloQuery(ADMIN_STATS_CATALOGUE, options);
  const messaging = useApolloQuery(ADMIN_STATS_NEWSLETTER, options);
  const analytics = useApolloQuery(ADMIN_STATS_ANALYTICS, { ...options, variables: { days } });
  useLogError(identity.error, 'AdminStatsPage adminUserStats');
  useLogError(catalogue.error, 'AdminStatsPage catalogueStats');
  useLogError(messaging.error, 'AdminStatsPage adminNewsletterStats');
  useLogError(analytics.error, 'AdminStatsPage adminStatistics');

  const users = identity.data?.adminUserStats;
  const counts = catalogue.data?.catalogueStats;
  const newsletter = messaging.data?.adminNewsletterStats;
  // While another period loads, the previous one stays on screen rather than blinking away.
  const stats = (analytics.data ?? analytics.previousData)?.adminStatistics;
  const analyticsPending = analytics.loading && !stats;
  const showAnalytics = !!stats || analytics.loading;
  const periodVisits = stats ? totalOf(stats.daily, 'visits') : 0;

  const growthSeries: ReadonlyArray<{ testId: string; title: string; series: ChartSeries }> = [
    { testId: 'chart-signups', title: t.growth.signUps, series: { key: 'signUps', name: t.growth.signUps, kind: 'area', color: CHART_COLORS.amber, format: formatCount } },
    { testId: 'chart-buyers', title: t.growth.buyers, series: { key: 'buyers', name: t.growth.buyers, kind: 'area', color: CHART_COLORS.violet, format: formatCount } },
    {
      testId: 'chart-revenue',
      title: t.growth.revenue,
      series: { key: 'revenueXaf', name: t.growth.revenueSeries, kind: days <= 31 ? 'bar' : 'area', color: CHART_COLORS.primary, format: formatXaf },
    },
    { testId: 'chart-visits', title: t.growth.visits, series: { key: 'visits', name: t.growth.visits, kind: 'area', color: CHART_COLORS.blue, format: formatCount } },
  ];

  return (
    <div>
      <PageHeader
        title={fr.admin.nav.stats}
        subtitle={stats ? t.period.range(formatFullDay(stats.from), formatFullDay(stats.to)) : undefined}
        actions={<PeriodSelector days={days} onChange={setDays} />}
      />

      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        <Figure ready={!!users} loading={identity.loading}>
          <StatCard testId="card-users" label={t.cards.users} icon={<Users />} value={formatCount(users?.total)} detail={t.cards.usersDetail(users?.newLast30Days ?? 0)} />
        </Figure>
        <Figure ready={!!counts} loading={catalogue.loading} skeletons={2}>
          <StatCard testId="card-videos" label={t.cards.videos} icon={<Video />} value={formatCount(counts?.videoCount)} detail={t.cards.videosDetail} />
          <StatCard testId="card-pdfs" label={t.cards.pdfs} icon={<FileText />} value={formatCount(counts?.pdfCount)} detail={t.cards.pdfsDetail} />
        </Figure>
        <Figure ready={!!newsletter} loading={messaging.loading}>
          <StatCard testId="card-newsletter" label={t.cards.newsletter} icon={<Mail />} value={formatCount(newsletter?.activeSubscribers)} detail={t.cards.newsletterDetail} />
        </Figure>
        <Figure ready={!!stats} loading={analyticsPending} skeletons={2}>
          <StatCard testId="card-views" label={t.cards.views} icon={<Eye />} value={formatCount(stats?.totalVideoViews)} detail={t.cards.viewsDetail} />
          <StatCard testId="card-downloads" label={t.cards.downloads} icon={<Download />} value={formatCount(stats?.totalPdfDownloads)} detail={t.cards.downloadsDetail} />
        </Figure>
      </div>

      {showAnalytics && (
        <>
          <Section title={t.measures.title}>
            <div className="grid gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-4">
              <Figure ready={!!stats} loading={analyticsPending} skeletons={4}>
                <StatCard
                  testId="measure-buyer-rate"
                  label={t.measures.buyerRate}
                  icon={<ShoppingCart />}
                  value={stats ? formatPercent(stats.conversion.buyerRate) : ''}
                  detail={stats ? t.measures.buyerRateDetail(stats.conversion.buyers, stats.conversion.registeredUsers) : undefined}
                />
                <StatCard
                  testId="measure-signup-rate"
                  label={t.measures.signUpRate}
                  icon={<MousePointerClick />}
                  value={stats ? formatPercent(stats.conversion.signUpRate) : ''}
                  detail={stats ? t.measures.signUpRateDetail(stats.conversion.signUps, stats.conversion.visitors) : undefined}
                />
                <StatCard
                  testId="measure-average-visit"
                  label={t.measures.averageVisit}
                  icon={<Clock />}
                  value={stats ? formatDuration(stats.averageVisitSeconds) : ''}
                  detail={t.measures.averageVisitDetail}
                />
                <StatCard
                  testId="measure-pages-per-visit"
                  label={t.measures.pagesPerVisit}
                  icon={<Layers />}
                  value={stats ? formatDecimal(stats.pagesPerVisit) : ''}
                  detail={t.measures.pagesPerVisitDetail(periodVisits)}
                />
              </Figure>
            </div>
          </Section>

          <Section title={t.growth.title(days)}>
            <div className="grid gap-4 lg:grid-cols-2">
              {growthSeries.map(({ testId, title, series }) => (
                <ChartPanel
                  key={testId}
                  testId={testId}
                  title={title}
                  days={stats?.daily.length ?? days}
                  data={stats?.daily}
                  series={[series]}
                  label={t.growth.perDay(series.name, days)}
                />
              ))}
            </div>
          </Section>

          <div className="mt-8 grid gap-4 lg:grid-cols-2">
            <TopPagesTable rows={stats?.topPages} />
            <TopItemsTable rows={stats?.topItems} />
          </div>
        </>
      )}
    </div>
  );
}
