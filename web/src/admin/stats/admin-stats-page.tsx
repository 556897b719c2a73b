import { useApolloQuery } from '@/data/hooks';
import { Clock, Download, Eye, FileText, Layers, Mail, MousePointerClick, ShoppingCart, Users, Video } from 'lucide-react';
import type { ReactNode } from 'react';
import { usePage } from '@/hooks/use-page';
import { fr } from '@/i18n/fr';
import { formatCount } from '@/lib/format/number';
import { cn } from '@/lib/utils';
import { formatXaf } from '../lib/money';
import { useLogError } from '../lib/use-log-error';
import { useUrlParam } from '../lib/use-url-state';
import { PageHeader } from '../components/page-header';
import { StatCard, StatCardSkeleton } from '../components/stat-card';
import { ChartPanel } from './charts/chart-panel';
import { CHART_COLORS, totalOf, type ChartSeries } from './charts/chart-types';
import { formatDecimal, formatDuration, formatFullDay, formatPercent } from './format';
import type { AdminStatsAnalyticsQuery, AdminStatsCatalogueQuery, AdminStatsNewsletterQuery, AdminStatsUsersQuery } from '@/generated/graphql';
import { statsFr } from '@/i18n/admin/stats';
import { TopItemsTable, TopPagesTable } from './top-tables';
import ADMIN_STATS_ANALYTICS from './graphql/admin-stats-analytics.query.graphql';
import ADMIN_STATS_CATALOGUE from './graphql/admin-stats-catalogue.query.graphql';
import ADMIN_STATS_NEWSLETTER from './graphql/admin-stats-newsletter.query.graphql';
import ADMIN_STATS_USERS from './graphql/admin-stats-users.query.graphql';

const t = statsFr;
/** The period selector's choices, in days (today included); 30 by default. */
const PERIODS = [7, 30, 90, 365] as const;
const DEFAULT_DAYS = 30;

/** The period in the URL (?jours=…, absent for the default 30), so a reload or a link keeps it. */
function usePeriod(): [number, (days: number) => void] {
  const [asked, setAsked] = useUrlParam('jours');
  const days = (PERIODS as readonly number[]).includes(Number(asked)) ? Number(asked) : DEFAULT_DAYS;
  return [days, (next) => setAsked(next === DEFAULT_DAYS ? null : String(next))];
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

type Statistics = AdminStatsAnalyticsQuery['adminStatistics'];

/** The six cards, each group from its own service: users, catalogue, newsletter, analytics. */
function OverviewCards({
  users,
  counts,
  newsletter,
  stats,
  loading,
}: {
  users: AdminStatsUsersQuery['adminUserStats'] | undefined;
  counts: AdminStatsCatalogueQuery['catalogueStats'] | undefined;
  newsletter: AdminStatsNewsletterQuery['adminNewsletterStats'] | undefined;
  stats: Statistics | undefined;
  loading: { users: boolean; counts: boolean; newsletter: boolean; stats: boolean };
}) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
      <Figure ready={!!users} loading={loading.users}>
        <StatCard testId="card-users" label={t.cards.users} icon={<Users />} value={formatCount(users?.total)} detail={t.cards.usersDetail(users?.newLast30Days ?? 0)} />
      </Figure>
      <Figure ready={!!counts} loading={loading.counts} skeletons={2}>
        <StatCard testId="card-videos" label={t.cards.videos} icon={<Video />} value={formatCount(counts?.videoCount)} detail={t.cards.videosDetail} />
        <StatCard testId="card-pdfs" label={t.cards.pdfs} icon={<FileText />} value={formatCount(counts?.pdfCount)} detail={t.cards.pdfsDetail} />
      </Figure>
      <Figure ready={!!newsletter} loading={loading.newsletter}>
        <StatCard testId="card-newsletter" label={t.cards.newsletter} icon={<Mail />} value={formatCount(newsletter?.activeSubscribers)} detail={t.cards.newsletterDetail} />
      </Figure>
      <Figure ready={!!stats} loading={loading.stats} skeletons={2}>
        <StatCard testId="card-views" label={t.cards.views} icon={<Eye />} value={formatCount(stats?.totalVideoViews)} detail={t.cards.viewsDetail} />
        <StatCard testId="card-downloads" label={t.cards.downloads} icon={<Download />} value={formatCount(stats?.totalPdfDownloads)} detail={t.cards.downloadsDetail} />
      </Figure>
    </div>
  );
}

/** Conversion (buyers, sign-ups), the average visit and pages per visit over the period. */
function MeasureCards({ stats, loading }: { stats: Statistics | undefined; loading: boolean }) {
  const m = t.measures;
  const measures = stats && [
    { testId: 'measure-buyer-rate', label: m.buyerRate, icon: <ShoppingCart />, value: formatPercent(stats.conversion.buyerRate), detail: m.buyerRateDetail(stats.conversion.buyers, stats.conversion.registeredUsers) },
    { testId: 'measure-signup-rate', label: m.signUpRate, icon: <MousePointerClick />, value: formatPercent(stats.conversion.signUpRate), detail: m.signUpRateDetail(stats.conversion.signUps, stats.conversion.visitors) },
    { testId: 'measure-average-visit', label: m.averageVisit, icon: <Clock />, value: formatDuration(stats.averageVisitSeconds), detail: m.averageVisitDetail },
    { testId: 'measure-pages-per-visit', label: m.pagesPerVisit, icon: <Layers />, value: formatDecimal(stats.pagesPerVisit), detail: m.pagesPerVisitDetail(totalOf(stats.daily, 'visits')) },
  ];
  return (
    <Section title={m.title}>
      <div className="grid gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-4">
        <Figure ready={!!measures} loading={loading} skeletons={4}>
          {measures?.map((measure) => <StatCard key={measure.testId} {...measure} />)}
        </Figure>
      </div>
    </Section>
  );
}

/** The period's growth, one chart a figure: sign-ups, buyers, revenue (bars up to a month), visits. */
function GrowthCharts({ stats, days }: { stats: Statistics | undefined; days: number }) {
  const g = t.growth;
  const growthSeries: ReadonlyArray<{ testId: string; title: string; series: ChartSeries }> = [
    { testId: 'chart-signups', title: g.signUps, series: { key: 'signUps', name: g.signUps, kind: 'area', color: CHART_COLORS.amber, format: formatCount } },
    { testId: 'chart-buyers', title: g.buyers, series: { key: 'buyers', name: g.buyers, kind: 'area', color: CHART_COLORS.violet, format: formatCount } },
    { testId: 'chart-revenue', title: g.revenue, series: { key: 'revenueXaf', name: g.revenueSeries, kind: days <= 31 ? 'bar' : 'area', color: CHART_COLORS.primary, format: formatXaf } },
    { testId: 'chart-visits', title: g.visits, series: { key: 'visits', name: g.visits, kind: 'area', color: CHART_COLORS.blue, format: formatCount } },
  ];
  return (
    <Section title={g.title(days)}>
      <div className="grid gap-4 lg:grid-cols-2">
        {growthSeries.map(({ testId, title, series }) => (
          <ChartPanel key={testId} testId={testId} title={title} days={stats?.daily.length ?? days} data={stats?.daily} series={[series]} label={g.perDay(series.name, days)} />
        ))}
      </div>
    </Section>
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

  // While another period loads, the previous one stays on screen rather than blinking away.
  const stats = (analytics.data ?? analytics.previousData)?.adminStatistics;
  const analyticsPending = analytics.loading && !stats;

  return (
    <div>
      <PageHeader
        title={fr.admin.nav.stats}
        subtitle={stats ? t.period.range(formatFullDay(stats.from), formatFullDay(stats.to)) : undefined}
        actions={<PeriodSelector days={days} onChange={setDays} />}
      />
      <OverviewCards
        users={identity.data?.adminUserStats}
        counts={catalogue.data?.catalogueStats}
        newsletter={messaging.data?.adminNewsletterStats}
        stats={stats}
        loading={{ users: identity.loading, counts: catalogue.loading, newsletter: messaging.loading, stats: analyticsPending }}
      />
      {(!!stats || analytics.loading) && (
        <>
          <MeasureCards stats={stats} loading={analyticsPending} />
          <GrowthCharts stats={stats} days={days} />
          <div className="mt-8 grid gap-4 lg:grid-cols-2">
            <TopPagesTable rows={stats?.topPages} />
            <TopItemsTable rows={stats?.topItems} />
          </div>
        </>
      )}
    </div>
  );
}
