import { useApolloQuery } from '@/data/hooks';
import { FileText, Mail, TrendingUp, Users, Video, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { Button } from '@/components/ui/button';
import { usePage } from '@/hooks/use-page';
import { fr } from '@/i18n/fr';
import { formatCount } from '@/lib/format/number';
import { adminFr } from '@/i18n/admin';
import { formatUsdCents, formatXaf } from '../lib/money';
import { useLogError } from '../lib/use-log-error';
import { ChartPanel } from '../stats/charts/chart-panel';
import { CHART_COLORS, type ChartSeries } from '../stats/charts/chart-types';
import { formatGrowth } from '../stats/format';
import { StatCard, StatCardSkeleton } from '../components/stat-card';
import ADMIN_DASHBOARD_CATALOGUE from './graphql/admin-dashboard-catalogue.query.graphql';
import ADMIN_DASHBOARD_COMMERCE from './graphql/admin-dashboard-commerce.query.graphql';
import ADMIN_DASHBOARD_DAILY from './graphql/admin-dashboard-daily.query.graphql';
import ADMIN_DASHBOARD_NEWSLETTER from './graphql/admin-dashboard-newsletter.query.graphql';
import ADMIN_DASHBOARD_USERS from './graphql/admin-dashboard-users.query.graphql';

const t = adminFr.dashboard;
const DAYS = 30;

const REVENUE_SERIES: readonly ChartSeries[] = [{ key: 'revenueXaf', name: t.revenueSeries, kind: 'bar', color: CHART_COLORS.primary, format: formatXaf }];
const AUDIENCE_SERIES: readonly ChartSeries[] = [
  { key: 'visits', name: t.visitsSeries, kind: 'area', color: CHART_COLORS.blue, format: formatCount },
  { key: 'signUps', name: t.signUpsSeries, kind: 'bar', color: CHART_COLORS.amber, axis: 'right', format: formatCount },
];

/** The quick actions under the figures: where the administrator goes most. */
const QUICK_ACTIONS = [
  { to: paths.admin('videos'), icon: Video, label: t.manageVideos },
  { to: paths.admin('pdfs'), icon: FileText, label: t.managePdfs },
  { to: paths.admin('users'), icon: Users, label: t.manageUsers },
  { to: paths.admin('newsletter'), icon: Mail, label: t.manageNewsletter },
  { to: paths.admin('payments'), icon: Wallet, label: t.viewPayments },
] as const;

/**
 * One query per service, so that a service down only takes its own cards away (spec §8: loading
 * failures are only logged), never shows a zero.
 */
function useDashboardFigures() {
  const options = { fetchPolicy: 'cache-and-network' } as const;
  const commerce = useApolloQuery(ADMIN_DASHBOARD_COMMERCE, options);
  const catalogue = useApolloQuery(ADMIN_DASHBOARD_CATALOGUE, options);
  const identity = useApolloQuery(ADMIN_DASHBOARD_USERS, options);
  const newsletter = useApolloQuery(ADMIN_DASHBOARD_NEWSLETTER, options);
  const analytics = useApolloQuery(ADMIN_DASHBOARD_DAILY, options);
  useLogError(commerce.error, 'AdminDashboardPage commerceStats');
  useLogError(catalogue.error, 'AdminDashboardPage catalogueStats');
  useLogError(identity.error, 'AdminDashboardPage adminUserStats');
  useLogError(newsletter.error, 'AdminDashboardPage adminNewsletterStats');
  useLogError(analytics.error, 'AdminDashboardPage adminStatistics');
  return {
    money: { value: commerce.data?.commerceStats, loading: commerce.loading },
    counts: { value: catalogue.data?.catalogueStats, loading: catalogue.loading },
    users: { value: identity.data?.adminUserStats, loading: identity.loading },
    subscribers: { value: newsletter.data?.adminNewsletterStats, loading: newsletter.loading },
    daily: { value: analytics.data?.adminStatistics.daily, loading: analytics.loading },
  };
}

type Figures = ReturnType<typeof useDashboardFigures>;

/** A card's place: the card once its figure came, a skeleton while it is awaited, nothing if it failed. */
function Figure({ ready, loading, children }: { ready: boolean; loading: boolean; children: ReactNode }) {
  if (ready) return <>{children}</>;
  return loading ? <StatCardSkeleton /> : null;
}

/** Users, revenue with its sales, videos and PDFs, active subscribers and 'Croissance'. */
function DashboardCards({ figures: { money, counts, users, subscribers } }: { figures: Figures }) {
  const [m, c, u, s] = [money.value, counts.value, users.value, subscribers.value];
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <Figure ready={!!u} loading={users.loading}>
        <StatCard testId="card-users" label={t.users} icon={<Users />} value={formatCount(u?.total)} detail={t.activeUsers(u?.active ?? 0)} />
      </Figure>
      <Figure ready={!!m} loading={money.loading}>
        <StatCard
          testId="card-revenue"
          label={t.revenue}
          icon={<Wallet />}
          value={m ? formatXaf(m.revenue.xaf) : ''}
          valueTitle={m ? adminFr.payments.usdTitle(formatUsdCents(m.revenue.usdCents)) : undefined}
          detail={t.sales(m?.salesCount ?? 0)}
        />
      </Figure>
      <Figure ready={!!c} loading={counts.loading}>
        <StatCard testId="card-videos" label={t.videos} icon={<Video />} value={formatCount(c?.videoCount)} detail={t.inCatalogue} />
        <StatCard testId="card-pdfs" label={t.pdfs} icon={<FileText />} value={formatCount(c?.pdfCount)} detail={t.inCatalogue} />
      </Figure>
      <Figure ready={!!s} loading={subscribers.loading}>
        <StatCard testId="card-newsletter" label={t.subscribers} icon={<Mail />} value={formatCount(s?.activeSubscribers)} detail={t.subscribersDetail} />
      </Figure>
      {/* Croissance needs two services' figures: shown only when both came. */}
      <Figure ready={!!m && !!u} loading={money.loading || users.loading}>
        <StatCard testId="card-growth" label={t.growth} icon={<TrendingUp />} value={m && u ? formatGrowth(m.salesCount, u.total) : ''} detail={t.growthDetail} />
      </Figure>
    </div>
  );
}

/**
 * /admin (spec 'Admin dashboard'): the figures of each service; the spec's two summary panels are
 * real charts of analytics' last 30 days; quick actions.
 */
export default function AdminDashboardPage() {
  usePage(fr.admin.nav.dashboard);
  const figures = useDashboardFigures();
  const daily = figures.daily.value;

  return (
    <div>
      <h1 className="mb-5 text-2xl font-bold tracking-tight">{fr.admin.nav.dashboard}</h1>
      <DashboardCards figures={figures} />

      {(daily !== undefined || figures.daily.loading) && (
        <div className="mt-6 grid gap-4 lg:grid-cols-2">
          <ChartPanel testId="chart-revenue" title={t.revenueChart} days={DAYS} data={daily} series={REVENUE_SERIES} label={t.revenueChartLabel} />
          <ChartPanel testId="chart-audience" title={t.audienceChart} days={DAYS} data={daily} series={AUDIENCE_SERIES} label={t.audienceChartLabel} />
        </div>
      )}

      <section aria-labelledby="quick-actions" className="mt-8">
        <h2 id="quick-actions" className="mb-3 text-lg font-semibold">
          {t.quickActions}
        </h2>
        <div className="grid gap-2 sm:flex sm:flex-wrap">
          {QUICK_ACTIONS.map(({ to, icon: Icon, label }) => (
            <Button key={to} asChild variant="outline">
              <Link to={to}>
                <Icon aria-hidden="true" />
                {label}
              </Link>
            </Button>
          ))}
        </div>
      </section>
    </div>
  );
}
