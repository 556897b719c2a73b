import { useApolloQuery } from '@/data/hooks';
import { useEffect } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { adminFr } from '@/i18n/admin';
import { toastFailure } from '../lib/errors';
import { formatDay, formatUsdCents, formatXaf } from '../lib/money';
import { useSidebar } from '../sidebar-context';
import { ListSkeleton } from '../components/skeleton';
import { OrderStatusBadge } from '../components/status-badge';
import { ADMIN_USER_ORDERS } from './operations';

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

function PurchaseHistory({ userId }: { userId: string }) {
  const { isMobile } = useSidebar();
  const { data, loading, error } = useApolloQuery(ADMIN_USER_ORDERS, { variables: { userId }, fetchPolicy: 'network-only' });
  useEffect(() => {
    if (!error) return;
    console.error(t.loadFailure, error);
    toastFailure(t.loadFailure);
  }, [error]);

  const orders = data?.adminUserOrders;
  if (!orders && loading) return <ListSkeleton rows={3} />;
  if (!orders) return null;
  if (orders.length === 0) {
    return <p className="py-8 text-center text-sm text-muted-foreground">{t.empty}</p>;
  }
  if (isMobile) {
    // A phone: one card per purchase, the table's columns as labelled lines.
    return (
      <ul aria-label={t.title} className="-mx-1 flex max-h-96 flex-col gap-2 overflow-y-auto px-1" data-testid="purchase-history">
        {orders.map((order) => (
          <li key={order.id} className="rounded-md border p-3 text-sm" data-testid="purchase-row">
            <div className="flex items-start justify-between gap-2">
              <span className="min-w-0 font-medium break-words">{order.itemTitle}</span>
              <OrderStatusBadge status={order.status} />
            </div>
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1">
              <div>
                <dt className="text-xs text-muted-foreground">{t.columns.date}</dt>
                <dd>{formatDay(order.createdAt)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t.columns.price}</dt>
                <dd title={formatUsdCents(order.amount.usdCents)}>{formatXaf(order.amount.xaf)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t.columns.method}</dt>
                <dd>{order.method ? adminFr.paymentMethods[order.method] : '—'}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t.type}</dt>
                <dd>{adminFr.itemTypes[order.itemType]}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="max-h-96 overflow-auto rounded-md border" data-testid="purchase-history">
      <table className="w-full text-sm" aria-label={t.title}>
        <thead className="sticky top-0 border-b bg-muted text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
              {t.columns.date}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t.columns.item}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium whitespace-nowrap">
              {t.columns.price}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t.columns.method}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t.columns.status}
            </th>
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
              <td className="px-3 py-2 whitespace-nowrap">{order.method ? adminFr.paymentMethods[order.method] : '—'}</td>
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
