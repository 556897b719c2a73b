import { useApolloMutation, useApolloQuery } from '@/data/hooks';
import { UserMinus, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { everyValue } from '@/lib/enum-values';
import { adminFr } from '@/i18n/admin';
import { resultOf, toastSuccess } from '../lib/errors';
import { formatDay } from '../lib/money';
import { useCsvExport } from '../lib/use-csv-export';
import { ActionConfirmDialog } from '../components/action-confirm-dialog';
import { runAction } from '../components/admin-action';
import { ToneBadge } from '../components/status-badge';
import { ClippedText, EmptyState, type Column } from '../components/data-list';
import { EnumFilter, FilterBar } from '../components/filter-bar';
import { IconAction } from '../components/icon-action';
import { ExportButton } from '../components/list-screen';
import { PagedDataList, usePagedList } from '../components/paged-list';
import { SearchField } from '../components/search-field';
import { useDebounced } from '../lib/use-debounced';
import { SUBSCRIBERS_PAGE_SIZE, type AdminSubscriber, type SubscriberStatus } from './operations';
import ADMIN_NEWSLETTER_SUBSCRIBERS from './graphql/admin-newsletter-subscribers.query.graphql';
import ADMIN_UNSUBSCRIBE_SUBSCRIBER from './graphql/admin-unsubscribe-subscriber.mutation.graphql';
import EXPORT_NEWSLETTER_SUBSCRIBERS_CSV from './graphql/export-newsletter-subscribers-csv.query.graphql';

const t = adminFr.newsletter;

const STATUSES = everyValue<SubscriberStatus>()(['ACTIVE', 'PENDING', 'UNSUBSCRIBED', 'BOUNCED', 'COMPLAINED']);

const tone = { ACTIVE: 'success', PENDING: 'warning', UNSUBSCRIBED: 'muted', BOUNCED: 'danger', COMPLAINED: 'danger' } as const satisfies Record<SubscriberStatus, string>;

const columns: ReadonlyArray<Column<AdminSubscriber>> = [
  { header: t.subscriberColumns.email, cell: (s) => <ClippedText text={s.email} className="block max-w-72 truncate" /> },
  { header: t.subscriberColumns.date, cell: (s) => <span className="whitespace-nowrap">{formatDay(s.subscribedAt)}</span> },
  { header: t.subscriberColumns.source, cell: (s) => t.sources[s.source] },
  {
    header: t.subscriberColumns.status,
    cell: (s) => (
      <ToneBadge tone={tone[s.status]} data-status={s.status}>
        {t.subscriberStatus[s.status]}
      </ToneBadge>
    ),
  },
];

/** 'Se désabonner' on a subscriber, once confirmed: 'Abonné supprimé', then the list and the cards reload. */
function useUnsubscribe(onDone: () => Promise<unknown>) {
  const [target, setTarget] = useState<AdminSubscriber | null>(null);
  const [unsubscribe] = useApolloMutation(ADMIN_UNSUBSCRIBE_SUBSCRIBER);
  const confirm = async () => {
    if (!target) return;
    await runAction(async () => {
      const { data } = await unsubscribe({ variables: { id: target.id } });
      resultOf(data, 'adminUnsubscribeSubscriber');
      toastSuccess(t.unsubscribed, t.unsubscribedText(target.email));
      await onDone();
    }, t.unsubscribeFailure);
  };
  const dialog = (
    <ActionConfirmDialog
      open={target !== null}
      destructive
      texts={{ title: t.unsubscribeTitle, description: target ? t.unsubscribeText(target.email) : '', confirm: t.unsubscribe, pending: t.unsubscribing }}
      onOpenChange={(open) => !open && setTarget(null)}
      onConfirm={confirm}
    />
  );
  return { ask: setTarget, dialog };
}

/** The search and the status filter ('Tous les statuts' or one of them). */
function SubscriberFilters({ search, status, onSearch, onStatus }: { search: string; status: SubscriberStatus | ''; onSearch(value: string): void; onStatus(value: SubscriberStatus | ''): void }) {
  return (
    <FilterBar label={t.subscribers} className="mb-4 grid-cols-1 sm:grid-cols-[1fr_12rem]">
      <SearchField id="subscribers-search" label={t.search} placeholder={t.searchPlaceholder} value={search} onChange={onSearch} />
      <EnumFilter
        id="subscribers-status"
        label={t.filterStatus}
        allLabel={t.allStatuses}
        values={STATUSES}
        nameOf={(s) => t.subscriberStatus[s]}
        value={status}
        onChange={onStatus}
      />
    </FilterBar>
  );
}

/**
 * The subscribers (spec 'Admin newsletter'): e-mail, date, source and status, searched and
 * filtered (the active ones by default), paged; 'Exporter' saves newsletter-subscribers.csv;
 * unsubscribing asks first ('Abonné supprimé').
 */
export function SubscribersList({ onChanged }: { onChanged(): void }) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<SubscriberStatus | ''>('ACTIVE');
  const [page, setPage] = useState(1);
  const settled = useDebounced(search.trim());
  const variables = useMemo(() => ({ search: settled || null, status: status || null }), [settled, status]);
  const result = useApolloQuery(ADMIN_NEWSLETTER_SUBSCRIBERS, { variables: { ...variables, page, pageSize: SUBSCRIBERS_PAGE_SIZE }, fetchPolicy: 'cache-and-network' });
  const paged = usePagedList(result, (data) => data.adminNewsletterSubscribers, { page, setPage, what: t.loadFailure });
  const { exportCsv, exporting } = useCsvExport(EXPORT_NEWSLETTER_SUBSCRIBERS_CSV, 'exportNewsletterSubscribersCsv', t.exportFile, variables);
  const { refetch } = result;
  const unsubscribe = useUnsubscribe(async () => {
    await refetch();
    onChanged();
  });
  const filterBy = <V,>(set: (value: V) => void) => (value: V) => {
    set(value);
    setPage(1);
  };

  return (
    <section aria-labelledby="subscribers-heading" className="mt-8">
      <div className="mb-3 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="subscribers-heading" className="text-lg font-semibold">
            {t.subscribers}
          </h2>
          <p className="text-sm text-muted-foreground" data-testid="subscribers-count">
            {paged.list ? t.subscribersCount(paged.list.total) : '\u00a0'}
          </p>
        </div>
        <ExportButton exporting={exporting} onExport={() => void exportCsv()} />
      </div>
      <SubscriberFilters search={search} status={status} onSearch={filterBy(setSearch)} onStatus={filterBy(setStatus)} />
      <PagedDataList
        paged={paged}
        onPage={setPage}
        failure={{ text: t.loadFailure, retryLabel: t.retry }}
        empty={<EmptyState icon={<Users />} text={t.subscribersEmpty} />}
        label={t.subscribers}
        columns={columns}
        actionsHeader={adminFr.common.actions}
        actions={(s) =>
          s.status === 'ACTIVE' || s.status === 'PENDING' ? (
            <IconAction label={t.unsubscribeLabel(s.email)} tooltip={t.unsubscribe} destructive onClick={() => unsubscribe.ask(s)}>
              <UserMinus aria-hidden="true" />
            </IconAction>
          ) : null
        }
      />
      {unsubscribe.dialog}
    </section>
  );
}
