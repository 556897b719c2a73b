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
import { ADMIN_DASHBOARD_CATALOGUE, ADMIN_DASHBOARD_COMMERCE, ADMIN_DASHBOARD_DAILY, ADMIN_DASHBOARD_NEWSLETTER, ADMIN_DASHBOARD_USERS } from './operations';

const t = adminFr.dashboard;
const DAYS = 30;

const REVENUE_SERIES: readonly ChartSeries[] = [{ key: 'revenueXaf', name: t.revenueSeries, kind: 'bar', color: CHART_COLORS.primary, format: formatXaf }];
const AUDIENCE_SERIES: readonly ChartSeries[] = [
  { key: 'visits', name: t.visitsSeries, kind: 'area', color: CHART_COLORS.blue, format: formatCount },
  { key: 'signUps', name: t.signUpsSeries, kind: 'bar', color: CHART_COLORS.amber, axis: 'right', format: formatCount },
];

/** A card's place: the card once its figure came, a skeleton while it is awaited, nothing if it failed. */
function Figure({ ready, loading, children }: { ready: boolean; loading: boolean; children: ReactNode }) {
  if (ready) return <>{children}</>;
  return loading ? <StatCardSkeleton /> : null;
}

/**
 * /admin (spec 'Admin dashboard'): users, revenue with its sales, published videos, available
 * PDFs, active newsletter subscribers and 'Croissance'; the spec's two summary panels are real
 * charts of analytics' last 30 days; quick actions. One query per service: a service down only
 * takes its own cards away (spec §8: loading failures are only logged), never shows a zero.
 */
export default function AdminDashboardPage() {
  usePage(fr.admin.nav.dashboard);
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

  const money = commerce.data?.commerceStats;
  const counts = catalogue.data?.catalogueStats;
  const users = identity.data?.adminUserStats;
  const subscribers = newsletter.data?.adminNewsletterStats;
  const daily = analytics.data?.adminStatistics.daily;
  const showCharts = daily !== undefined || analytics.loading;

  return (
    <div>
      <h1 className="mb-5 text-2xl font-bold tracking-tight">{fr.admin.nav.dashboard}</h1>

      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <Figure ready={!!users} loading={identity.loading}>
          <StatCard testId="card-users" label={t.users} icon={<Users />} value={formatCount(users?.total)} detail={t.activeUsers(users?.active ?? 0)} />
        </Figure>
        <Figure ready={!!money} loading={commerce.loading}>
          <StatCard
            testId="card-revenue"
            label={t.revenue}
            icon={<Wallet />}
            value={money ? formatXaf(money.revenue.xaf) : ''}
            valueTitle={money ? adminFr.payments.usdTitle(formatUsdCents(money.revenue.usdCents)) : undefined}
            detail={t.sales(money?.salesCount ?? 0)}
          />
        </Figure>
        <Figure ready={!!counts} loading={catalogue.loading}>
          <StatCard testId="card-videos" label={t.videos} icon={<Video />} value={formatCount(counts?.videoCount)} detail={t.inCatalogue} />
          <StatCard testId="card-pdfs" label={t.pdfs} icon={<FileText />} value={formatCount(counts?.pdfCount)} detail={t.inCatalogue} />
        </Figure>
        <Figure ready={!!subscribers} loading={newsletter.loading}>
          <StatCard testId="card-newsletter" label={t.subscribers} icon={<Mail />} value={formatCount(subscribers?.activeSubscribers)} detail={t.subscribersDetail} />
        </Figure>
        {/* Croissance needs two services' figures: shown only when both came. */}
        <Figure ready={!!money && !!users} loading={commerce.loading || identity.loading}>
          <StatCard
            testId="card-growth"
            label={t.growth}
            icon={<TrendingUp />}
            value={money && users ? formatGrowth(money.salesCount, users.total) : ''}
            detail={t.growthDetail}
          />
        </Figure>
      </div>

      {showCharts && (
        <div className="mt-6 grid gap-4 lg:grid-cols-2">
          <ChartPanel
            testId="chart-revenue"
            title={t.revenueChart}
            days={DAYS}
            data={daily}
            series={REVENUE_SERIES}
            label={t.revenueChartLabel}
          />
          <ChartPanel
            testId="chart-audience"
            title={t.audienceChart}
            days={DAYS}
            data={daily}
            series={AUDIENCE_SERIES}
            label={t.audienceChartLabel}
          />
        </div>
      )}

      <section aria-labelledby="quick-actions" className="mt-8">
        <h2 id="quick-actions" className="mb-3 text-lg font-semibold">
          {t.quickActions}
        </h2>
        <div className="grid gap-2 sm:flex sm:flex-wrap">
          <QuickAction to={paths.admin('videos')} icon={<Video aria-hidden="true" />} label={t.manageVideos} />
          <QuickAction to={paths.admin('pdfs')} icon={<FileText aria-hidden="true" />} label={t.managePdfs} />
          <QuickAction to={paths.admin('users')} icon={<Users aria-hidden="true" />} label={t.manageUsers} />
          <QuickAction to={paths.admin('newsletter')} icon={<Mail aria-hidden="true" />} label={t.manageNewsletter} />
          <QuickAction to={paths.admin('payments')} icon={<Wallet aria-hidden="true" />} label={t.viewPayments} />
        </div>
      </section>
    </div>
  );
}

function QuickAction({ to, icon, label }: { to: string; icon: ReactNode; label: string }) {
  return (
    <Button asChild variant="outline">
      <Link to={to}>
        {icon}
        {label}
      </Link>
    </Button>
  );
}
