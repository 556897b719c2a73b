import { useApolloQuery } from '@/data/hooks';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { adminFr } from '@/i18n/admin';
import { cn } from '@/lib/utils';
import { useToastLoadError } from '../components/admin-action';
import { formatDay, formatUsdCents, formatXaf } from '../lib/money';
import { useSidebar } from '../sidebar-context';
import { ListSkeleton } from '../components/skeleton';
import { OrderStatusBadge } from '../components/status-badge';
import { type PurchaseHistoryRow } from './operations';
import ADMIN_USER_ORDERS from './graphql/admin-user-orders.query.graphql';

const t = adminFr.purchaseHistory;

/** Whose purchases: the id commerce knows them by, and how to name them in the dialog. */
export interface PurchaseHistoryUser {
  id: string;
  /** E-mail or full name. */
  label: string;
}

/**
 * Spec §2 users page: 'purchase history' dialog — Date, item, Prix, Méthode, Statut
 * ('Complété' / 'En attente', the other statuses in French too), 'Aucun achat effectué par cet
 * utilisateur.', scrolling at a maximum height (no page sizes). Amounts in FCFA, the dollar price
 * on hover. Open while `user` is set; a loading failure is 'Impossible de charger les achats.'.
 */
export function PurchaseHistoryDialog({ user, onClose }: { user: PurchaseHistoryUser | null; onClose(): void }) {
  return (
    <Dialog open={user !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t.title}</DialogTitle>
          {user && <DialogDescription>{t.description(user.label)}</DialogDescription>}
        </DialogHeader>
        {user && <PurchaseHistory key={user.id} userId={user.id} />}
      </DialogContent>
    </Dialog>
  );
}

type Purchase = PurchaseHistoryRow;

function methodName(order: Purchase): string {
  return order.method ? adminFr.paymentMethods[order.method] : '—';
}

/** A phone: one card per purchase, the table's columns as labelled lines. */
function PurchaseCards({ orders }: { orders: readonly Purchase[] }) {
  const lines = (order: Purchase) => [
    { label: t.columns.date, value: formatDay(order.createdAt) },
    { label: t.columns.price, value: formatXaf(order.amount.xaf), title: formatUsdCents(order.amount.usdCents) },
    { label: t.columns.method, value: methodName(order) },
    { label: t.type, value: adminFr.itemTypes[order.itemType] },
  ];
  return (
    <ul aria-label={t.title} className="-mx-1 flex max-h-96 flex-col gap-2 overflow-y-auto px-1" data-testid="purchase-history">
      {orders.map((order) => (
        <li key={order.id} className="rounded-md border p-3 text-sm" data-testid="purchase-row">
          <div className="flex items-start justify-between gap-2">
            <span className="min-w-0 font-medium break-words">{order.itemTitle}</span>
            <OrderStatusBadge status={order.status} />
          </div>
          <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1">
            {lines(order).map((line) => (
              <div key={line.label}>
                <dt className="text-xs text-muted-foreground">{line.label}</dt>
                <dd title={line.title}>{line.value}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

const headers = [
  { label: t.columns.date, className: 'whitespace-nowrap' },
  { label: t.columns.item },
  { label: t.columns.price, className: 'text-right whitespace-nowrap' },
  { label: t.columns.method },
  { label: t.columns.status },
];

function PurchaseTable({ orders }: { orders: readonly Purchase[] }) {
  return (
    <div className="max-h-96 overflow-auto rounded-md border" data-testid="purchase-history">
      <table className="w-full text-sm" aria-label={t.title}>
        <thead className="sticky top-0 border-b bg-muted text-left text-xs text-muted-foreground">
          <tr>
            {headers.map((header) => (
              <th key={header.label} scope="col" className={cn('px-3 py-2 font-medium', header.className)}>
                {header.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} className="border-b last:border-0" data-testid="purchase-row">
              <td className="px-3 py-2 whitespace-nowrap">{formatDay(order.createdAt)}</td>
              <td className="px-3 py-2">
                <span className="line-clamp-2 break-words">{order.itemTitle}</span>
                <span className="block text-xs text-muted-foreground">{adminFr.itemTypes[order.itemType]}</span>
              </td>
              <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums" title={formatUsdCents(order.amount.usdCents)}>
                {formatXaf(order.amount.xaf)}
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{methodName(order)}</td>
              <td className="px-3 py-2">
                <OrderStatusBadge status={order.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PurchaseHistory({ userId }: { userId: string }) {
  const { isMobile } = useSidebar();
  const { data, loading, error } = useApolloQuery(ADMIN_USER_ORDERS, { variables: { userId }, fetchPolicy: 'network-only' });
  useToastLoadError(error, t.loadFailure);
  const orders = data?.adminUserOrders;
  if (!orders && loading) return <ListSkeleton rows={3} />;
  if (!orders) return null;
  if (orders.length === 0) return <p className="py-8 text-center text-sm text-muted-foreground">{t.empty}</p>;
  return isMobile ? <PurchaseCards orders={orders} /> : <PurchaseTable orders={orders} />;
}
