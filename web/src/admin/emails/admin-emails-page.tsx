import { useApolloMutation, useApolloQuery } from '@/data/hooks';
import { MailX, RotateCw } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { usePage } from '@/hooks/use-page';
import { everyValue } from '@/lib/enum-values';
import { cn } from '@/lib/utils';
import { adminFr } from '@/i18n/admin';
import { reportFailure, resultOf, toastSuccess } from '../lib/errors';
import { useClampPage } from '../lib/use-clamp-page';
import { ClippedText, DataList, FilteredEmptyState, type Column } from '../components/data-list';
import { dateTimeColumn } from '../components/date-time-column';
import { IconAction } from '../components/icon-action';
import { EnumFilter, FilterBar, FilterField, type FilterChange } from '../components/filter-bar';
import { PageHeader } from '../components/page-header';
import { Pagination } from '../components/pagination';
import { ListSkeleton } from '../components/skeleton';
import { LoadFailure, totalPages } from '../components/paged-list';
import { useDebounced } from '../lib/use-debounced';
import { MailStatusBadge } from './mail-status-badge';
import { DELIVERIES_PAGE_SIZE, type AdminMailDelivery, type MailPurpose, type MailStatus } from './operations';
import ADMIN_MAIL_DELIVERIES from './graphql/admin-mail-deliveries.query.graphql';
import ADMIN_RETRY_MAIL_DELIVERY from './graphql/admin-retry-mail-delivery.mutation.graphql';

const t = adminFr.emails;

const STATUSES = everyValue<MailStatus>()(['QUEUED', 'SENDING', 'SENT', 'FAILED', 'SUPPRESSED']);
const PURPOSES = everyValue<MailPurpose>()([
  'PASSWORD_RESET',
  'WELCOME',
  'PURCHASE_RECEIPT',
  'CONTACT_ACKNOWLEDGEMENT',
  'CONTACT_REPLY',
  'NEWSLETTER_CONFIRMATION',
  'NEWSLETTER_CAMPAIGN',
  'NEWSLETTER_TEST',
  'ACCOUNT_DELETION',
  'DATA_EXPORT',
  'REVIEW_REMINDER',
  'PAY_LINK_PAID',
  'PAY_LINK_RECEIPT',
  'WEBHOOK_PAUSED',
  'GIFT_RECEIVED',
]);

const columns: ReadonlyArray<Column<AdminMailDelivery>> = ([
  dateTimeColumn(t.columns.date, (d) => d.createdAt),
  { header: t.columns.recipient, wide: true, cell: (d) => <ClippedText text={d.recipient} className="block max-w-56 truncate max-md:max-w-full" /> },
  { header: t.columns.purpose, wide: true, cell: (d) => t.purpose[d.purpose] },
  { header: t.columns.subject, wide: true, cell: (d) => <ClippedText text={d.subject} className="line-clamp-2 max-w-72 break-words" /> },
  {
    header: t.columns.status,
    wide: true,
    cell: (d) => (
      <span className="flex min-w-0 flex-col items-start gap-1">
        <MailStatusBadge status={d.status} />
        {d.lastError && (d.status === 'FAILED' || d.status === 'QUEUED') && (
          <span className="line-clamp-3 max-w-52 text-xs break-words text-destructive max-md:max-w-full" title={d.lastError} data-testid="delivery-error">
            {d.lastError}
          </span>
        )}
      </span>
    ),
  },
  { header: t.columns.attempts, numeric: true, cell: (d) => d.attempts },
  // Seven columns beside the sidebar at 1280 px: a little less padding, as in Paiements.
] satisfies Column<AdminMailDelivery>[]).map((column: Column<AdminMailDelivery>) => ({ ...column, className: cn('px-3', column.className) }));

interface Filters {
  status: MailStatus | '';
  purpose: MailPurpose | '';
  search: string;
}
const NO_FILTERS: Filters = { status: '', purpose: '', search: '' };

/** /admin/emails (issue 9 §1): every mail LBF sent, its status, the failed ones with their error and 'Renvoyer'. */
export default function AdminEmailsPage() {
  usePage(adminFr.nav.emails);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const search = useDebounced(filters.search.trim());
  const variables = useMemo(
    () => ({ status: filters.status || null, purpose: filters.purpose || null, search: search || null, page, pageSize: DELIVERIES_PAGE_SIZE }),
    [filters.status, filters.purpose, search, page],
  );
  const { data, previousData, loading, error, refetch } = useApolloQuery(ADMIN_MAIL_DELIVERIES, { variables, fetchPolicy: 'cache-and-network' });
  useEffect(() => {
    if (error) console.error(t.loadFailure, error);
  }, [error]);
  const [retry] = useApolloMutation(ADMIN_RETRY_MAIL_DELIVERY);
  const list = (data ?? previousData)?.adminMailDeliveries;
  const pages = list ? totalPages(list.total, list.pageSize) : undefined;
  useClampPage(pages, page, setPage);

  const change = <K extends keyof Filters>(key: K, value: Filters[K]) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(1);
  };
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);

  const onRetry = async (d: AdminMailDelivery) => {
    try {
      const { data: answer } = await retry({ variables: { id: d.id } });
      resultOf(answer, 'adminRetryMailDelivery');
      toastSuccess(t.resent, t.resentText(d.recipient));
      void refetch();
    } catch (err) {
      reportFailure(err, t.resendFailure);
    }
  };

  let body;
  if (!list && loading) body = <ListSkeleton />;
  else if (!list && error) body = <LoadFailure text={t.loadFailure} retryLabel={t.retry} onRetry={() => void refetch()} />;
  else if (!list || list.items.length === 0) {
    body = (
      <FilteredEmptyState icon={<MailX />} text={t.empty} filtered={filtered} resetLabel={t.resetFilters} onReset={() => setFilters(NO_FILTERS)} />
    );
  } else {
    body = (
      <>
        <DataList
          label={adminFr.nav.emails}
          rows={list.items}
          columns={columns}
          rowKey={(d) => d.id}
          actionsHeader={adminFr.common.actions}
          actions={(d) =>
            d.status === 'FAILED' ? (
              <IconAction label={t.resendLabel(d.recipient)} tooltip={t.resend} onClick={() => void onRetry(d)}>
                <RotateCw aria-hidden="true" />
              </IconAction>
            ) : null
          }
        />
        <Pagination page={list.page} totalPages={pages ?? 1} onPage={setPage} />
      </>
    );
  }

  return (
    <div>
      <PageHeader title={adminFr.nav.emails} subtitle={list ? t.count(list.total) : '\u00a0'} />
      <EmailFilters filters={filters} change={change} filtered={filtered} reset={() => setFilters(NO_FILTERS)} />
      {body}
    </div>
  );
}

/** Status, purpose and a search (recipient, subject), with 'Réinitialiser' once one is set. */
function EmailFilters({ filters, change, filtered, reset }: { filters: Filters; change: FilterChange<Filters>; filtered: boolean; reset(): void }) {
  return (
    <FilterBar label={t.filters} className="lg:grid-cols-[minmax(0,11rem)_minmax(0,16rem)_minmax(0,1fr)_auto] lg:items-end">
      <EnumFilter id="emails-status" label={t.filterStatus} allLabel={t.all} values={STATUSES} nameOf={(s) => t.status[s]} value={filters.status} onChange={(v) => change('status', v)} />
      <EnumFilter id="emails-purpose" label={t.filterPurpose} allLabel={t.all} values={PURPOSES} nameOf={(p) => t.purpose[p]} value={filters.purpose} onChange={(v) => change('purpose', v)} />
      <FilterField id="emails-search" label={t.search} className="col-span-2 lg:col-span-1">
        <Input id="emails-search" type="search" value={filters.search} placeholder={t.searchPlaceholder} onChange={(e) => change('search', e.target.value)} />
      </FilterField>
      {filtered && (
        <Button type="button" variant="ghost" className="col-span-2 lg:col-span-1" onClick={reset}>
          {t.resetFilters}
        </Button>
      )}
    </FilterBar>
  );
}
