import { useApolloQuery } from '@/data/hooks';
import { CreditCard, Eye } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { usePage } from '@/hooks/use-page';
import { cn } from '@/lib/utils';
import { everyValue } from '@/lib/enum-values';
import { adminFr } from '@/i18n/admin';
import { formatDay, formatHour, formatUsdCents, formatXaf } from '../lib/money';
import { useCsvExport } from '../lib/use-csv-export';
import { useUrlParam } from '../lib/use-url-state';
import { DataList, EmptyState, type Column } from '../components/data-list';
import { IconAction } from '../components/icon-action';
import { EnumFilter, FilterBar, FilterField, type FilterChange } from '../components/filter-bar';
import { ExportButton } from '../components/list-screen';
import { PageHeader } from '../components/page-header';
import { PagedListBody, usePagedList, type PagedList } from '../components/paged-list';
import { SearchField } from '../components/search-field';
import { OrderStatusBadge } from '../components/status-badge';
import { useDebounced } from '../lib/use-debounced';
import { OrderDetailDialog } from './order-detail-dialog';
import { ADMIN_ORDERS_PAGE, EXPORT_ORDERS_CSV, PAGE_SIZE, type AdminOrder, type AdminOrders, type OrderFilter, type OrderStatus, type PaymentMethod } from './operations';

const t = adminFr.payments;

const STATUSES = everyValue<OrderStatus>()(['COMPLETED', 'PENDING', 'FAILED', 'EXPIRED', 'CANCELED', 'REFUNDED', 'CREATED']);
const METHODS = everyValue<PaymentMethod>()(['ORANGE', 'MTN', 'NOTCHPAY']);

// Seven columns beside the sidebar at 1280 px: a little less padding than the other lists.
const columns: ReadonlyArray<Column<AdminOrder>> = ([
  {
    header: t.columns.date,
    cell: (order) => (
      <span className="whitespace-nowrap">
        {formatDay(order.createdAt)}
        <span className="block text-xs font-normal text-muted-foreground">{formatHour(order.createdAt)}</span>
      </span>
    ),
  },
  {
    header: t.columns.client,
    cell: (order) => (
      <span className="block max-w-40 truncate" title={order.buyerEmail}>
        {order.buyerEmail}
      </span>
    ),
  },
  {
    header: t.columns.item,
    wide: true,
    className: 'min-w-48',
    cell: (order) => (
      <span className="min-w-0">
        <span className="line-clamp-2 break-words">{order.itemTitle}</span>
        <span className="block text-xs text-muted-foreground">{adminFr.itemTypes[order.itemType]}</span>
      </span>
    ),
  },
  {
    header: t.columns.amount,
    numeric: true,
    // One currency on screen (FCFA, what was charged); the catalogue's dollar price on hover.
    cell: (order) => (
      <span className="whitespace-nowrap" title={t.usdTitle(formatUsdCents(order.amount.usdCents))}>
        {formatXaf(order.amount.xaf)}
      </span>
    ),
  },
  { header: t.columns.method, cell: (order) => <span>{order.method ? adminFr.paymentMethods[order.method] : '—'}</span> },
  { header: t.columns.status, cell: (order) => <OrderStatusBadge status={order.status} /> },
  { header: t.columns.receipt, cell: (order) => order.receiptNumber ?? '—' },
] satisfies Column<AdminOrder>[]).map((column: Column<AdminOrder>) => ({ ...column, className: cn('px-3', column.className) }));

interface Filters {
  status: OrderStatus | '';
  method: PaymentMethod | '';
  from: string;
  to: string;
  search: string;
}

const NO_FILTERS: Filters = { status: '', method: '', from: '', to: '', search: '' };

/** The server's OrderFilter: only what is set, the search trimmed. */
function toOrderFilter({ status, method, from, to, search }: Filters): OrderFilter | null {
  const filter: OrderFilter = {};
  if (status) filter.status = status;
  if (method) filter.method = method;
  if (from) filter.from = from;
  if (to) filter.to = to;
  if (search.trim()) filter.search = search.trim();
  return Object.keys(filter).length ? filter : null;
}

/**
 * The list's filters: set one and the list goes back to its first page; the search reaches the
 * server 300 ms after the last key. `filter` is what the server is asked (OrderFilter).
 */
function useOrderFilters(setPage: (page: number) => void) {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const search = useDebounced(filters.search, 300);
  const { status, method, from, to } = filters;
  const filter = useMemo(() => toOrderFilter({ status, method, from, to, search }), [status, method, from, to, search]);
  const change: FilterChange<Filters> = (key, value) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(1);
  };
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);
  return { filters, filter, change, filtered, reset: () => setFilters(NO_FILTERS) };
}

/** The orders of the page: a click on a row, or its eye, opens the order's detail. */
function OrdersList({ paged, filtered, onReset, onOpen, onPage }: { paged: PagedList<AdminOrders>; filtered: boolean; onReset(): void; onOpen(id: string): void; onPage(page: number): void }) {
  const empty = (
    <EmptyState icon={<CreditCard />} text={t.empty}>
      {filtered && (
        <Button variant="outline" onClick={onReset}>
          {t.resetFilters}
        </Button>
      )}
    </EmptyState>
  );
  return (
    <PagedListBody paged={paged} onPage={onPage} failure={{ text: t.loadFailure, retryLabel: t.retry }} empty={empty}>
      {(items) => (
        <DataList
          label={adminFr.nav.payments}
          rows={items}
          columns={columns}
          rowKey={(order) => order.id}
          actionsHeader={t.columns.actions}
          onRowClick={(order) => onOpen(order.id)}
          actions={(order) => (
            <IconAction label={t.detailsAction(order.buyerEmail, order.itemTitle)} tooltip={t.details} onClick={() => onOpen(order.id)}>
              <Eye aria-hidden="true" />
            </IconAction>
          )}
        />
      )}
    </PagedListBody>
  );
}

/**
 * /admin/payments (issue 7 §6): every order, newest first, filtered by status, method, dates and
 * a search; a row opens its detail (attempts, provider history, actions). The open order is the
 * URL's ?order=<id> (the bell's payment alerts link there): closing it removes the parameter.
 * 'Exporter' saves the filtered orders as orders-export.csv.
 */
export default function AdminPaymentsPage() {
  usePage(adminFr.nav.payments);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useUrlParam('order');
  const { filters, filter, change, filtered, reset } = useOrderFilters(setPage);
  const result = useApolloQuery(ADMIN_ORDERS_PAGE, { variables: { filter, page, pageSize: PAGE_SIZE }, fetchPolicy: 'cache-and-network' });
  const paged = usePagedList(result, (data) => data.adminOrders, { page, setPage, what: t.loadFailure, keepPrevious: false });
  const exportVariables = useMemo(() => ({ filter }), [filter]);
  const { exportCsv, exporting } = useCsvExport(EXPORT_ORDERS_CSV, 'exportOrdersCsv', t.exportFile, exportVariables);

  return (
    <div>
      <PageHeader
        title={adminFr.nav.payments}
        subtitle={paged.list ? t.count(paged.list.total) : '\u00a0'}
        actions={<ExportButton exporting={exporting} onExport={() => void exportCsv()} />}
      />
      <PaymentFilters filters={filters} change={change} filtered={filtered} reset={reset} />
      <OrdersList paged={paged} filtered={filtered} onReset={reset} onOpen={setOpenId} onPage={setPage} />
      <OrderDetailDialog orderId={openId} onClose={() => setOpenId(null)} onChanged={() => void result.refetch()} />
    </div>
  );
}

/** Status, method, a date range and a search, with 'Réinitialiser' once one is set. */
function PaymentFilters({ filters, change, filtered, reset }: { filters: Filters; change: FilterChange<Filters>; filtered: boolean; reset(): void }) {
  return (
    <FilterBar
      label={t.filters}
      className="md:grid-cols-3 xl:grid-cols-[repeat(2,minmax(0,9rem))_repeat(2,minmax(0,10rem))_minmax(10rem,1fr)_auto] xl:items-end"
    >
      <EnumFilter
        id="payments-status"
        label={t.filterStatus}
        allLabel={t.all}
        values={STATUSES}
        nameOf={(status) => adminFr.orderStatus[status]}
        value={filters.status}
        onChange={(v) => change('status', v)}
      />
      <EnumFilter
        id="payments-method"
        label={t.filterMethod}
        allLabel={t.allMethods}
        values={METHODS}
        nameOf={(method) => adminFr.paymentMethods[method]}
        value={filters.method}
        onChange={(v) => change('method', v)}
      />
      <FilterField id="payments-from" label={t.filterFrom}>
        <Input id="payments-from" type="date" value={filters.from} max={filters.to || undefined} onChange={(e) => change('from', e.target.value)} />
      </FilterField>
      <FilterField id="payments-to" label={t.filterTo}>
        <Input id="payments-to" type="date" value={filters.to} min={filters.from || undefined} onChange={(e) => change('to', e.target.value)} />
      </FilterField>
      <SearchField
        id="payments-search"
        label={t.filterSearch}
        placeholder={t.searchPlaceholder}
        className="col-span-2 md:col-span-1 xl:col-span-1"
        value={filters.search}
        onChange={(value) => change('search', value)}
      />
      {filtered && (
        <Button type="button" variant="ghost" className="col-span-2 md:col-span-1 xl:col-span-1" onClick={reset}>
          {t.resetFilters}
        </Button>
      )}
    </FilterBar>
  );
}
