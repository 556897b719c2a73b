import { useApolloMutation, useApolloQuery, useApolloSubscription } from '@/data/hooks';
import { Gift, History, RefreshCw, Undo2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useAuth } from '@/auth/auth-context';
import { adminFr } from '@/i18n/admin';
import { resultOf, toastSuccess } from '../lib/errors';
import { formatDateTime, formatTime, formatUsdCents, formatXaf } from '../lib/money';
import { ActionConfirmDialog, type ActionConfirmTexts } from '../components/action-confirm-dialog';
import { runAction, useToastLoadError } from '../components/admin-action';
import { useLogError } from '../lib/use-log-error';
import { FormSkeleton } from '../components/skeleton';
import { OrderStatusBadge } from '../components/status-badge';
import { PurchaseHistoryDialog, type PurchaseHistoryUser } from '../users/purchase-history-dialog';
import { type AdminAttempt, type AdminOrderDetail, type OrderStatus } from './operations';
import ADMIN_GRANT_ORDER from './graphql/admin-grant-order.mutation.graphql';
import ADMIN_MARK_REFUNDED from './graphql/admin-mark-refunded.mutation.graphql';
import ADMIN_ORDER_DETAIL_QUERY from './graphql/admin-order-detail.query.graphql';
import ADMIN_ORDER_UPDATED from './graphql/admin-order-updated.subscription.graphql';
import ADMIN_RECHECK_ORDER from './graphql/admin-recheck-order.mutation.graphql';

const t = adminFr.payments;

type Action = 'recheck' | 'grant' | 'refund';

const actionTexts: Record<Action, ActionConfirmTexts> = {
  recheck: { title: t.recheck, description: t.recheckConfirm, confirm: t.confirm, pending: t.confirming },
  grant: {
    title: t.grant,
    description: t.grantConfirm,
    confirm: t.grant,
    pending: t.confirming,
    reasonLabel: t.reason,
    reasonPlaceholder: t.reasonPlaceholder,
    reasonRequired: t.reasonRequired,
  },
  refund: {
    title: t.refund,
    description: t.refundConfirm,
    confirm: t.refund,
    pending: t.confirming,
    reasonLabel: t.reason,
    reasonPlaceholder: t.reasonPlaceholder,
    reasonRequired: t.reasonRequired,
  },
};

const failures: Record<Action, string> = { recheck: t.recheckFailure, grant: t.grantFailure, refund: t.refundFailure };

/**
 * One order for the administrator: its facts, the manual action if any, every attempt with the
 * provider's raw exchanges, and the actions (re-check, grant, refund mark), each confirmed.
 * Open while `orderId` is set; `onChanged` reloads the list after an action.
 */
export function OrderDetailDialog({ orderId, onClose, onChanged }: { orderId: string | null; onClose(): void; onChanged(): void }) {
  return (
    <Dialog open={orderId !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-3xl" data-testid="order-detail">
        <DialogHeader>
          <DialogTitle>{t.detailTitle}</DialogTitle>
          <DialogDescription className="break-all">{orderId ? t.detailDescription(orderId) : ''}</DialogDescription>
        </DialogHeader>
        {orderId && <OrderDetail key={orderId} orderId={orderId} onChanged={onChanged} />}
      </DialogContent>
    </Dialog>
  );
}

/** While the customer may still pay, the order is followed live; once it settles, the list reloads too. */
function useFollowOrder(orderId: string, status: OrderStatus | undefined, onChanged: () => void) {
  const open = status === 'PENDING' || status === 'CREATED';
  const live = useApolloSubscription(ADMIN_ORDER_UPDATED, {
    variables: { orderId },
    skip: !open,
    onData: ({ data: update }) => {
      const next = update.data?.orderUpdated.status;
      if (next && next !== 'PENDING' && next !== 'CREATED') onChanged();
    },
  });
  useLogError(live.error, 'AdminOrderUpdated');
}

/**
 * The order's actions once confirmed: re-check with the provider, grant (with a reason), mark as
 * refunded (with a reason); each ends with its toast and `onChanged`. The mutations answer with
 * the order: Apollo's cache (Order:id) refreshes the dialog by itself.
 */
function useOrderActions(orderId: string, buyerEmail: string, onChanged: () => void) {
  const [recheck] = useApolloMutation(ADMIN_RECHECK_ORDER);
  const [grant] = useApolloMutation(ADMIN_GRANT_ORDER);
  const [refund] = useApolloMutation(ADMIN_MARK_REFUNDED);
  const perform: Record<Action, (reason: string) => Promise<void>> = {
    recheck: async () => {
      const { data } = await recheck({ variables: { orderId } });
      const checked = resultOf(data, 'adminRecheckOrder').order;
      toastSuccess(t.recheckDone, checked ? t.recheckDoneText(adminFr.orderStatus[checked.status]) : undefined);
    },
    grant: async (reason) => {
      const { data } = await grant({ variables: { input: { orderId, reason } } });
      resultOf(data, 'adminGrantOrder');
      toastSuccess(t.granted, t.grantedText(buyerEmail));
    },
    refund: async (reason) => {
      const { data } = await refund({ variables: { input: { orderId, reason } } });
      resultOf(data, 'adminMarkRefunded');
      toastSuccess(t.refunded, t.refundedText(buyerEmail));
    },
  };
  return (action: Action, reason: string) =>
    runAction(async () => {
      await perform[action](reason);
      onChanged();
    }, failures[action]);
}

/** Re-check (once there is an attempt), grant or refund as the server allows, and the buyer's history. */
function OrderActionButtons({ order, onAsk, onHistory }: { order: AdminOrderDetail; onAsk(action: Action): void; onHistory(): void }) {
  const completed = order.status === 'COMPLETED';
  // The server's rules: granted from any status but completed and refunded; refund-marked only when completed.
  const grantable = !completed && order.status !== 'REFUNDED';
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" disabled={order.attempts.length === 0} onClick={() => onAsk('recheck')}>
        <RefreshCw aria-hidden="true" />
        {t.recheck}
      </Button>
      {grantable && (
        <Button variant="outline" size="sm" onClick={() => onAsk('grant')}>
          <Gift aria-hidden="true" />
          {t.grant}
        </Button>
      )}
      {completed && (
        <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" onClick={() => onAsk('refund')}>
          <Undo2 aria-hidden="true" />
          {t.refund}
        </Button>
      )}
      <Button variant="outline" size="sm" onClick={onHistory}>
        <History aria-hidden="true" />
        {t.buyerHistory}
      </Button>
    </div>
  );
}

function OrderDetail({ orderId, onChanged }: { orderId: string; onChanged(): void }) {
  const { data, loading, error } = useApolloQuery(ADMIN_ORDER_DETAIL_QUERY, { variables: { id: orderId }, fetchPolicy: 'network-only' });
  const [asking, setAsking] = useState<Action | null>(null);
  const [history, setHistory] = useState<PurchaseHistoryUser | null>(null);
  useToastLoadError(error, t.loadOrderFailure);
  const order = data?.order;
  useFollowOrder(orderId, order?.status, onChanged);
  const run = useOrderActions(orderId, order?.buyerEmail ?? '', onChanged);

  if (!order && loading) return <FormSkeleton fields={4} />;
  if (!order) return <p className="py-6 text-center text-sm text-muted-foreground">{t.loadOrderFailure}</p>;
  return (
    <div className="flex min-w-0 flex-col gap-5">
      <OrderFacts order={order} />
      <OrderActionButtons order={order} onAsk={setAsking} onHistory={() => setHistory({ id: order.buyerId, label: order.buyerEmail })} />
      <section aria-labelledby="order-attempts" className="flex flex-col gap-3">
        <h3 id="order-attempts" className="font-semibold">
          {t.attempts}
        </h3>
        {order.attempts.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t.noAttempts}</p>
        ) : (
          order.attempts.map((attempt, index) => <AttemptCard key={attempt.id} attempt={attempt} index={index} />)
        )}
      </section>
      <ActionConfirmDialog
        open={asking !== null}
        texts={actionTexts[asking ?? 'recheck']}
        destructive={asking === 'refund'}
        onOpenChange={(open) => !open && setAsking(null)}
        onConfirm={async (reason) => void (await run(asking ?? 'recheck', reason))}
      />
      <PurchaseHistoryDialog user={history} onClose={() => setHistory(null)} />
    </div>
  );
}

function Fact({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

function OrderFacts({ order }: { order: AdminOrderDetail }) {
  const f = t.facts;
  const me = useAuth().user?.id;
  return (
    <>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <Fact label={f.client}>{order.buyerEmail}</Fact>
        <Fact label={f.item}>
          {order.itemTitle} <span className="text-muted-foreground">· {adminFr.itemTypes[order.itemType]}</span>
        </Fact>
        <Fact label={f.amount}>
          <span title={formatUsdCents(order.amount.usdCents)}>{formatXaf(order.amount.xaf)}</span>
        </Fact>
        {order.promo && (
          <Fact label={f.promo}>
            <span data-testid="order-promo">{f.promoValue(order.promo.code, `-${formatXaf(order.promo.discount.xaf)}`)}</span>
          </Fact>
        )}
        {order.gift && (
          <Fact label={f.gift}>
            <span data-testid="order-gift-detail">
              {order.gift.recipientEmail ?? order.gift.recipientPhone ?? '—'} · {t.gift[order.gift.status]}
            </span>
          </Fact>
        )}
        <Fact label={f.status}>
          <OrderStatusBadge status={order.status} />
        </Fact>
        <Fact label={f.method}>{order.method ? adminFr.paymentMethods[order.method] : '—'}</Fact>
        <Fact label={f.receipt}>{order.receiptNumber ?? '—'}</Fact>
        <Fact label={f.createdAt}>{formatDateTime(order.createdAt)}</Fact>
        <Fact label={f.completedAt}>{order.completedAt ? formatDateTime(order.completedAt) : '—'}</Fact>
      </dl>
      {order.adminAction && (
        <div className="rounded-md border bg-muted/40 p-3 text-sm" data-testid="admin-action">
          <p className="font-medium">
            {t.adminAction[order.adminAction.kind]}{' '}
            <span className="font-normal text-muted-foreground">
              {order.adminAction.adminId === me
                ? t.adminActionByMe(formatDateTime(order.adminAction.at))
                : t.adminActionBy(formatDateTime(order.adminAction.at), order.adminAction.adminId)}
            </span>
          </p>
          <p className="mt-1 break-words">
            <span className="text-muted-foreground">{t.reasonLabel} : </span>
            {order.adminAction.reason}
          </p>
        </div>
      )}
    </>
  );
}

/** The provider's raw body, indented when it is JSON, as sent otherwise. */
function prettyBody(body: string | null): string {
  if (!body) return t.noBody;
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function AttemptCard({ attempt, index }: { attempt: AdminAttempt; index: number }) {
  const a = t.attempt;
  const log = attempt.providerLog ?? [];
  return (
    <article className="rounded-lg border p-3 sm:p-4" data-testid="attempt" aria-label={t.attemptTitle(index + 1, adminFr.paymentMethods[attempt.method])}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-medium">{t.attemptTitle(index + 1, adminFr.paymentMethods[attempt.method])}</h4>
        <OrderStatusBadge status={attempt.status} />
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {attempt.phone && <Fact label={a.phone}>{attempt.phone}</Fact>}
        <Fact label={a.reference}>
          <code className="text-xs break-all">{attempt.reference}</code>
        </Fact>
        {attempt.providerReference && (
          <Fact label={a.providerReference}>
            <code className="text-xs break-all">{attempt.providerReference}</code>
          </Fact>
        )}
        {attempt.operatorTransactionId && (
          <Fact label={a.operatorTransactionId}>
            <code className="text-xs break-all">{attempt.operatorTransactionId}</code>
          </Fact>
        )}
        <Fact label={a.createdAt}>{formatDateTime(attempt.createdAt)}</Fact>
        {attempt.settledAt ? (
          <Fact label={a.settledAt}>{formatDateTime(attempt.settledAt)}</Fact>
        ) : (
          <Fact label={a.expiresAt}>{formatDateTime(attempt.expiresAt)}</Fact>
        )}
        {(attempt.failureMessage || attempt.failureCode) && (
          <Fact label={a.failure} wide>
            {attempt.failureMessage}
            {attempt.failureCode && <code className="ml-2 text-xs text-muted-foreground">{attempt.failureCode}</code>}
          </Fact>
        )}
      </dl>

      <details className="mt-3 group" open>
        <summary className="cursor-pointer text-sm font-medium">
          {t.providerLog} ({log.length})
        </summary>
        {log.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">{t.providerLogEmpty}</p>
        ) : (
          <ol className="mt-2 flex flex-col gap-2" data-testid="provider-log">
            {log.map((exchange, i) => (
              <li key={i} className="min-w-0 rounded-md border bg-muted/30 p-2">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
                  <time dateTime={exchange.at} className="text-muted-foreground tabular-nums">
                    {formatTime(exchange.at)}
                  </time>
                  <code className="font-semibold">{exchange.kind}</code>
                  {exchange.httpStatus !== null && <span className="text-muted-foreground">{t.providerLogHttp(exchange.httpStatus)}</span>}
                </div>
                <pre className="mt-2 max-h-60 overflow-auto rounded bg-card p-2 text-xs leading-relaxed whitespace-pre">{prettyBody(exchange.body)}</pre>
              </li>
            ))}
          </ol>
        )}
      </details>
    </article>
  );
}
