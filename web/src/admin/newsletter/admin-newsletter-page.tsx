import { useApolloQuery } from '@/data/hooks';
import { History, Mail, MousePointerClick, Users } from 'lucide-react';
import { useState } from 'react';
import { usePage } from '@/hooks/use-page';
import { fr } from '@/i18n/fr';
import { formatCount } from '@/lib/format/number';
import { adminFr } from '@/i18n/admin';
import { formatDay } from '../lib/money';
import { useLogError } from '../lib/use-log-error';
import { useReloadStatsAndList } from '../lib/use-reload-stats-and-list';
import { ClippedText, EmptyState, type Column } from '../components/data-list';
import { PageHeader } from '../components/page-header';
import { PagedDataList, usePagedList, type PagedList } from '../components/paged-list';
import { ToneBadge } from '../components/status-badge';
import { StatCard, StatCardSkeletons } from '../components/stat-card';
import { CampaignComposer } from './campaign-composer';
import { CAMPAIGNS_PAGE_SIZE, type AdminCampaign, type AdminCampaigns, type AdminNewsletterStats } from './operations';
import { SubscribersList } from './subscribers-list';
import ADMIN_CAMPAIGNS from './graphql/admin-campaigns.query.graphql';
import ADMIN_NEWSLETTER_STATS from './graphql/admin-newsletter-stats.query.graphql';

const t = adminFr.newsletter;

const statusTone = { QUEUED: 'muted', SENDING: 'warning', SENT: 'success' } as const;

const campaignColumns: ReadonlyArray<Column<AdminCampaign>> = [
  { header: t.campaignColumns.date, cell: (c) => <span className="whitespace-nowrap">{formatDay(c.createdAt)}</span> },
  { header: t.campaignColumns.subject, wide: true, cell: (c) => <ClippedText text={c.subject} className="line-clamp-2 max-w-80 break-words" /> },
  { header: t.campaignColumns.recipients, numeric: true, cell: (c) => formatCount(c.total) },
  { header: t.campaignColumns.sent, numeric: true, cell: (c) => formatCount(c.sent) },
  { header: t.campaignColumns.failed, numeric: true, cell: (c) => <span className={c.failed > 0 ? 'text-destructive' : undefined}>{formatCount(c.failed)}</span> },
  { header: t.campaignColumns.clicks, numeric: true, cell: (c) => formatCount(c.uniqueClicks) },
  {
    header: t.campaignColumns.status,
    cell: (c) => (
      <ToneBadge tone={statusTone[c.status]} data-status={c.status}>
        {t.campaignStatus[c.status]}
      </ToneBadge>
    ),
  },
];

function percent(rate: number): string {
  return `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(rate * 100)} %`;
}

/** The cards: active subscribers (and the pending ones), the measured engagement, the last campaign. */
function NewsletterStatCards({ figures, loading }: { figures: AdminNewsletterStats | undefined; loading: boolean }) {
  if (!figures) return <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">{loading && <StatCardSkeletons count={3} />}</div>;
  const last = figures.lastCampaign;
  const rate = figures.engagement.rate;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <StatCard testId="card-subscribers" label={t.activeSubscribers} icon={<Users />} value={formatCount(figures.activeSubscribers)} detail={t.pending(figures.pendingSubscribers)} />
      <StatCard
        testId="card-engagement"
        label={t.engagement}
        icon={<MousePointerClick />}
        value={rate === null || rate === undefined ? t.none : percent(rate)}
        detail={figures.engagement.label}
      />
      <StatCard
        testId="card-last-campaign"
        label={t.lastCampaign}
        icon={<Mail />}
        value={last ? formatDay(last.createdAt) : t.none}
        detail={
          last ? (
            <>
              <span className="block truncate" title={last.subject}>
                {last.subject}
              </span>
              <span>{t.recipients(last.total)}</span>
            </>
          ) : undefined
        }
      />
    </div>
  );
}

/** The campaigns sent, newest first, paged. */
function CampaignHistory({ paged, onPage }: { paged: PagedList<AdminCampaigns>; onPage(page: number): void }) {
  return (
    <section aria-labelledby="campaigns-heading" className="mt-8">
      <h2 id="campaigns-heading" className="mb-3 text-lg font-semibold">
        {t.history}
      </h2>
      <PagedDataList paged={paged} onPage={onPage} skeletonRows={2} empty={<EmptyState icon={<History />} text={t.historyEmpty} />} label={t.history} columns={campaignColumns} />
    </section>
  );
}

/**
 * /admin/newsletter (spec 'Admin newsletter', issue 9 §4): the cards (active subscribers, the
 * measured engagement, the last campaign), the composer with its live progress, the campaign
 * history and the subscribers.
 */
export default function AdminNewsletterPage() {
  usePage(fr.admin.nav.newsletter);
  const stats = useApolloQuery(ADMIN_NEWSLETTER_STATS, { fetchPolicy: 'cache-and-network' });
  const [page, setPage] = useState(1);
  const campaigns = useApolloQuery(ADMIN_CAMPAIGNS, { variables: { page, pageSize: CAMPAIGNS_PAGE_SIZE }, fetchPolicy: 'cache-and-network' });
  useLogError(stats.error, 'AdminNewsletterPage stats');
  const history = usePagedList(campaigns, (data) => data.adminCampaigns, { page, setPage, what: 'AdminNewsletterPage campaigns' });

  const figures = stats.data?.adminNewsletterStats;
  const refresh = useReloadStatsAndList(stats, campaigns);

  return (
    <div>
      <PageHeader title={fr.admin.nav.newsletter} />
      <NewsletterStatCards figures={figures} loading={stats.loading} />
      <div className="mt-6">
        <CampaignComposer activeSubscribers={figures?.activeSubscribers} onSent={refresh} />
      </div>
      <CampaignHistory paged={history} onPage={setPage} />
      <SubscribersList onChanged={() => void stats.refetch()} />
    </div>
  );
}
