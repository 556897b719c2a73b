import { CreditCard, Eye } from 'lucide-react';
import type { ReactNode } from 'react';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePage } from '@/hooks/use-page';
import { cn } from '@/lib/utils';
import { everyValue } from '@/lib/enum-values';
import { adminFr } from '@/i18n/admin';
import { operatorHealthFr as healthText } from '@/i18n/admin/operator-health';
import { formatUsdCents, formatXaf } from '../lib/money';
import { useUrlParam } from '../lib/use-url-state';
import { ClippedText, type Column } from '../components/data-list';
import { dateTimeColumn } from '../components/date-time-column';
import { IconAction } from '../components/icon-action';
import { EnumFilter, FilterBar, type FilterChange } from '../components/filter-bar';
import { ExportButton } from '../components/list-screen';
import { PageHeader } from '../components/page-header';
import { FilteredPagedList, type PagedList } from '../components/paged-list';
import { useFilteredPagedList } from '../components/use-filtered-paged-list';
import { DatesSearchReset } from '../components/search-field';
import { OrderStatusBadge } from '../components/status-badge';
import { OperatorHealthPanel } from './operator-health-panel';
import { OrderDetailDialog } from './order-detail-dialog';
import { PAGE_SIZE, type AdminOrder, type AdminOrders, type OrderStatus, type PaymentMethod } from './operations';
import ADMIN_ORDERS_PAGE from './graphql/admin-orders-page.query.graphql';
import EXPORT_ORDERS_CSV from './graphql/export-orders-csv.query.graphql';

const t = adminFr.payments;

const STATUSES = everyValue<OrderStatus>()(['COMPLETED', 'PENDING', 'FAILED', 'EXPIRED', 'CANCELED', 'REFUNDED', 'CREATED']);
const METHODS = everyValue<PaymentMethod>()(['ORANGE', 'MTN', 'NOTCHPAY']);

// Seven columns beside the sidebar at 1280 px: a little less padding than the other lists.
const columns: ReadonlyArray<Column<AdminOrder>> = ([
  dateTimeColumn(t.columns.date, (order) => order.createdAt),
  { header: t.columns.client, cell: (order) => <ClippedText text={order.buyerEmail} className="block max-w-40 truncate" /> },
  {
    header: t.columns.item,
    wide: true,
    className: 'min-w-48',
    cell: (order) => (
      <span className="min-w-0">
        <span className="line-clamp-2 break-words">{order.itemTitle}</span>
        <span className="block text-xs text-muted-foreground">{adminFr.itemTypes[order.itemType]}</span>
        {order.gift && (
          <span className="block text-xs font-medium" data-testid="order-gift">
            {t.gift[order.gift.status]}
          </span>
        )}
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

type Filters = {
  status: OrderStatus | '';
  method: PaymentMethod | '';
  from: string;
  to: string;
  search: string;
};

const NO_FILTERS: Filters = { status: '', method: '', from: '', to: '', search: '' };

/** The orders of the page: a click on a row, or its eye, opens the order's detail. */
function OrdersList({ paged, filtered, onReset, onOpen, onPage }: { paged: PagedList<AdminOrders>; filtered: boolean; onReset(): void; onOpen(id: string): void; onPage(page: number): void }) {
  return (
    <FilteredPagedList
      paged={paged}
      onPage={onPage}
      filtered={filtered}
      onReset={onReset}
      icon={<CreditCard />}
      text={t}
      label={adminFr.nav.payments}
      columns={columns}
      actionsHeader={t.columns.actions}
      onRowClick={(order) => onOpen(order.id)}
      actions={(order) => (
        <IconAction label={t.detailsAction(order.buyerEmail, order.itemTitle)} tooltip={t.details} onClick={() => onOpen(order.id)}>
          <Eye aria-hidden="true" />
        </IconAction>
      )}
    />
  );
}

/** The page's two views, in the URL (?vue=sante for the second) so a reload or a link keeps it. */
type PaymentsView = 'orders' | 'health';
const HEALTH_VIEW = 'sante';

function ViewTabs({ view, onChange }: { view: PaymentsView; onChange(view: PaymentsView): void }) {
  return (
    <Tabs value={view} onValueChange={(value) => onChange(value as PaymentsView)} className="mb-4">
      <TabsList aria-label={healthText.tabs.label} className="md:w-96">
        <TabsTrigger value="orders">{healthText.tabs.orders}</TabsTrigger>
        <TabsTrigger value="health">{healthText.tabs.health}</TabsTrigger>
      </TabsList>
    </Tabs>
  );
}

/**
 * /admin/payments (issue 7 §6): every order, newest first, filtered by status, method, dates and
 * a search; a row opens its detail (attempts, provider history, actions). The open order is the
 * URL's ?order=<id> (the bell's payment alerts link there): closing it removes the parameter.
 * 'Exporter' saves the filtered orders as orders-export.csv. Its second tab (?vue=sante) is
 * « Santé des opérateurs » (issue 26): each method's health now and over the last 24 hours.
 */
export default function AdminPaymentsPage() {
  usePage(adminFr.nav.payments);
  const [asked, setAsked] = useUrlParam('vue');
  const view: PaymentsView = asked === HEALTH_VIEW ? 'health' : 'orders';
  const tabs = <ViewTabs view={view} onChange={(next) => setAsked(next === 'health' ? HEALTH_VIEW : null)} />;
  return view === 'health' ? (
    <div>
      <PageHeader title={adminFr.nav.payments} subtitle={healthText.tabs.health} />
      {tabs}
      <OperatorHealthPanel />
    </div>
  ) : (
    <OrdersView tabs={tabs} />
  );
}

/** The orders: filters, the paged list, the export and the order's detail. */
function OrdersView({ tabs }: { tabs: ReactNode }) {
  const [openId, setOpenId] = useUrlParam('order');
  const { setPage, filters, change, filtered, reset, refetch, paged, exportCsv, exporting } = useFilteredPagedList(NO_FILTERS, ADMIN_ORDERS_PAGE, (data) => data.adminOrders, {
    pageSize: PAGE_SIZE,
    what: t.loadFailure,
    csv: { query: EXPORT_ORDERS_CSV, field: 'exportOrdersCsv', fileName: t.exportFile },
  });

  return (
    <div>
      <PageHeader
        title={adminFr.nav.payments}
        subtitle={paged.list ? t.count(paged.list.total) : '\u00a0'}
        actions={<ExportButton exporting={exporting} onExport={() => void exportCsv()} />}
      />
      {tabs}
      <PaymentFilters filters={filters} change={change} filtered={filtered} reset={reset} />
      <OrdersList paged={paged} filtered={filtered} onReset={reset} onOpen={setOpenId} onPage={setPage} />
      <OrderDetailDialog orderId={openId} onClose={() => setOpenId(null)} onChanged={() => void refetch()} />
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
      <DatesSearchReset idPrefix="payments" text={t} filters={filters} change={change} filtered={filtered} reset={reset} />
    </FilterBar>
  );
}
