import { useQuery } from '@apollo/client/react';
import { CreditCard, FileText, Video, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { usePage } from '@/hooks/use-page';
import { fr } from '@/i18n/fr';
import { formatCount } from '@/lib/format/number';
import { adminFr } from '../i18n';
import { formatUsdCents, formatXaf } from '../lib/money';
import { useLogError } from '../lib/use-log-error';
import { Skeleton } from '../ui/skeleton';
import { ADMIN_DASHBOARD_CATALOGUE, ADMIN_DASHBOARD_COMMERCE } from './operations';

const t = adminFr.dashboard;

function StatCard({ label, icon, value, valueTitle, detail, testId }: { label: string; icon: ReactNode; value: string; valueTitle?: string; detail: string; testId: string }) {
  return (
    <Card className="p-5" data-testid={testId}>
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-sm font-medium text-muted-foreground">{label}</h2>
        <span className="text-muted-foreground [&_svg]:size-5" aria-hidden="true">
          {icon}
        </span>
      </div>
      <p className="mt-2 text-2xl font-bold tabular-nums" title={valueTitle}>
        {value}
      </p>
      <p className="mt-1 text-xs text-muted-foreground">{detail}</p>
    </Card>
  );
}

function CardSkeleton() {
  return (
    <Card className="p-5" aria-hidden="true">
      <Skeleton className="h-4 w-24" />
      <Skeleton className="mt-3 h-7 w-32" />
      <Skeleton className="mt-2 h-3 w-20" />
    </Card>
  );
}

/**
 * /admin (spec §2 Admin dashboard): the cards whose figures exist today — revenue with the number
 * of sales (commerce), published videos and available PDFs (catalogue) — and the quick actions.
 * The users, newsletter and growth cards come with the services that own those figures; a card
 * whose figure did not arrive is left out (spec §8: loading failures are only logged).
 */
export default function AdminDashboardPage() {
  usePage(fr.admin.nav.dashboard);
  const commerce = useQuery(ADMIN_DASHBOARD_COMMERCE, { fetchPolicy: 'cache-and-network' });
  const catalogue = useQuery(ADMIN_DASHBOARD_CATALOGUE, { fetchPolicy: 'cache-and-network' });
  useLogError(commerce.error, 'AdminDashboardPage commerceStats');
  useLogError(catalogue.error, 'AdminDashboardPage catalogueStats');

  const money = commerce.data?.commerceStats;
  const counts = catalogue.data?.catalogueStats;

  return (
    <div>
      <h1 className="mb-5 text-2xl font-bold tracking-tight">{fr.admin.nav.dashboard}</h1>

      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {money ? (
          <StatCard
            testId="card-revenue"
            label={t.revenue}
            icon={<Wallet />}
            value={formatXaf(money.revenue.xaf)}
            valueTitle={adminFr.payments.usdTitle(formatUsdCents(money.revenue.usdCents))}
            detail={t.sales(money.salesCount)}
          />
        ) : (
          commerce.loading && <CardSkeleton />
        )}
        {counts ? (
          <>
            <StatCard testId="card-videos" label={t.videos} icon={<Video />} value={formatCount(counts.videoCount)} detail={t.inCatalogue} />
            <StatCard testId="card-pdfs" label={t.pdfs} icon={<FileText />} value={formatCount(counts.pdfCount)} detail={t.inCatalogue} />
          </>
        ) : (
          catalogue.loading && (
            <>
              <CardSkeleton />
              <CardSkeleton />
            </>
          )
        )}
      </div>

      <section aria-labelledby="quick-actions" className="mt-8">
        <h2 id="quick-actions" className="mb-3 text-lg font-semibold">
          {t.quickActions}
        </h2>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button asChild variant="outline">
            <Link to="/admin/videos">
              <Video aria-hidden="true" />
              {t.manageVideos}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/admin/pdfs">
              <FileText aria-hidden="true" />
              {t.managePdfs}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/admin/payments">
              <CreditCard aria-hidden="true" />
              {t.viewPayments}
            </Link>
          </Button>
        </div>
      </section>
    </div>
  );
}
