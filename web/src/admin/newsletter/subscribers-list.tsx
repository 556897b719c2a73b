import { useApolloMutation, useApolloQuery } from '@/data/hooks';
import { UserMinus, Users } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { everyValue } from '@/lib/enum-values';
import { adminFr } from '@/i18n/admin';
import { reportFailure, resultOf, toastSuccess } from '../lib/errors';
import { formatDay } from '../lib/money';
import { useClampPage } from '../lib/use-clamp-page';
import { useCsvExport } from '../lib/use-csv-export';
import { ActionConfirmDialog } from '../components/action-confirm-dialog';
import { ToneBadge } from '../components/status-badge';
import { NativeSelect } from '@/components/ui/native-select';
import { DataList, EmptyState, type Column } from '../components/data-list';
import { IconAction } from '../components/icon-action';
import { ExportButton } from '../components/list-screen';
import { Pagination } from '../components/pagination';
import { ListSkeleton } from '../components/skeleton';
import { LoadFailure, totalPages, useDebounced } from '../messages/messaging-ui';
import {
  ADMIN_NEWSLETTER_SUBSCRIBERS,
  ADMIN_UNSUBSCRIBE_SUBSCRIBER,
  EXPORT_NEWSLETTER_SUBSCRIBERS_CSV,
  SUBSCRIBERS_PAGE_SIZE,
  type AdminSubscriber,
  type SubscriberStatus,
} from './operations';

const t = adminFr.newsletter;

const STATUSES = everyValue<SubscriberStatus>()(['ACTIVE', 'PENDING', 'UNSUBSCRIBED', 'BOUNCED', 'COMPLAINED']);

const tone = { ACTIVE: 'success', PENDING: 'warning', UNSUBSCRIBED: 'muted', BOUNCED: 'danger', COMPLAINED: 'danger' } as const satisfies Record<SubscriberStatus, string>;

const columns: ReadonlyArray<Column<AdminSubscriber>> = [
  {
    header: t.subscriberColumns.email,
    cell: (s) => (
      <span className="block max-w-72 truncate" title={s.email}>
        {s.email}
      </span>
    ),
  },
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

/**
 * The subscribers (spec 'Admin newsletter'): e-mail, date, source and status, searched and
 * filtered (the active ones by default), paged; 'Exporter' saves newsletter-subscribers.csv;
 * unsubscribing asks first ('Abonné supprimé').
 */
export function SubscribersList({ onChanged }: { onChanged(): void }) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<SubscriberStatus | ''>('ACTIVE');
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<AdminSubscriber | null>(null);
  const settled = useDebounced(search.trim());
  const variables = useMemo(() => ({ search: settled || null, status: status || null }), [settled, status]);
  const { data, previousData, loading, error, refetch } = useApolloQuery(ADMIN_NEWSLETTER_SUBSCRIBERS, {
    variables: { ...variables, page, pageSize: SUBSCRIBERS_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  useEffect(() => {
    if (error) console.error(t.loadFailure, error);
  }, [error]);
  const { exportCsv, exporting } = useCsvExport(EXPORT_NEWSLETTER_SUBSCRIBERS_CSV, 'exportNewsletterSubscribersCsv', t.exportFile, variables);
  const [unsubscribe] = useApolloMutation(ADMIN_UNSUBSCRIBE_SUBSCRIBER);

  const list = (data ?? previousData)?.adminNewsletterSubscribers;
  const pages = list ? totalPages(list.total, list.pageSize) : undefined;
  useClampPage(pages, page, setPage);

  const confirmUnsubscribe = async () => {
    if (!target) return;
    try {
      const { data: answer } = await unsubscribe({ variables: { id: target.id } });
      resultOf(answer, 'adminUnsubscribeSubscriber');
      toastSuccess(t.unsubscribed, t.unsubscribedText(target.email));
      await refetch();
      onChanged();
    } catch (err) {
      reportFailure(err, t.unsubscribeFailure);
    }
  };

  let body;
  if (!list && loading) body = <ListSkeleton />;
  else if (!list && error) body = <LoadFailure text={t.loadFailure} retryLabel={t.retry} onRetry={() => void refetch()} />;
  else if (!list || list.items.length === 0) body = <EmptyState icon={<Users />} text={t.subscribersEmpty} />;
  else {
    body = (
      <>
        <DataList
          label={t.subscribers}
          rows={list.items}
          columns={columns}
          rowKey={(s) => s.id}
          actionsHeader={adminFr.common.actions}
          actions={(s) =>
            s.status === 'ACTIVE' || s.status === 'PENDING' ? (
              <IconAction label={t.unsubscribeLabel(s.email)} tooltip={t.unsubscribe} destructive onClick={() => setTarget(s)}>
                <UserMinus aria-hidden="true" />
              </IconAction>
            ) : null
          }
        />
        <Pagination page={list.page} totalPages={pages ?? 1} onPage={setPage} />
      </>
    );
  }

  return (
    <section aria-labelledby="subscribers-heading" className="mt-8">
      <div className="mb-3 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="subscribers-heading" className="text-lg font-semibold">
            {t.subscribers}
          </h2>
          <p className="text-sm text-muted-foreground" data-testid="subscribers-count">
            {list ? t.subscribersCount(list.total) : '\u00a0'}
          </p>
        </div>
        <ExportButton exporting={exporting} onExport={() => void exportCsv()} />
      </div>
      <form role="search" aria-label={t.subscribers} className="mb-4 grid gap-3 rounded-lg border bg-card p-3 shadow-sm sm:grid-cols-[1fr_12rem]" onSubmit={(e) => e.preventDefault()}>
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor="subscribers-search">{t.search}</Label>
          <Input
            id="subscribers-search"
            type="search"
            value={search}
            placeholder={t.searchPlaceholder}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor="subscribers-status">{t.filterStatus}</Label>
          <NativeSelect
            id="subscribers-status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as SubscriberStatus | '');
              setPage(1);
            }}
          >
            <option value="">{t.allStatuses}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t.subscriberStatus[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </form>
      {body}
      <ActionConfirmDialog
        open={target !== null}
        destructive
        texts={{ title: t.unsubscribeTitle, description: target ? t.unsubscribeText(target.email) : '', confirm: t.unsubscribe, pending: t.unsubscribing }}
        onOpenChange={(open) => !open && setTarget(null)}
        onConfirm={confirmUnsubscribe}
      />
    </section>
  );
}
