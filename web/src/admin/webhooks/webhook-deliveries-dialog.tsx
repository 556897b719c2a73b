import { useApolloMutation, useApolloQuery } from '@/data/hooks';
import { RefreshCw, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatSiteDateTime } from '@/lib/format/date';
import { webhooksFr as t } from '@/i18n/admin/webhooks';
import { reportFailure, resultOf, toastSuccess } from '../lib/errors';
import { useLogError } from '../lib/use-log-error';
import { ToneBadge } from '../components/status-badge';
import { type AdminWebhook, type AdminWebhookDelivery } from './operations';
import ADMIN_WEBHOOK_DELIVERIES from './graphql/admin-webhook-deliveries.query.graphql';
import RETRY_WEBHOOK_DELIVERY from './graphql/retry-webhook-delivery.mutation.graphql';

const TONES = { PENDING: 'muted', SUCCEEDED: 'success', FAILED: 'danger' } as const;

/** A subscription's deliveries log: each event sent, its attempts (status, time, duration, error), and « Renvoyer ». */
export function WebhookDeliveriesDialog({ subscription, onClose }: { subscription: AdminWebhook | null; onClose(): void }) {
  return (
    <Dialog open={subscription !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t.deliveriesTitle}</DialogTitle>
          <DialogDescription>{subscription ? t.deliveriesDescription(subscription.url) : ''}</DialogDescription>
        </DialogHeader>
        {subscription && <DeliveriesLog subscriptionId={subscription.id} />}
      </DialogContent>
    </Dialog>
  );
}

function DeliveriesLog({ subscriptionId }: { subscriptionId: string }) {
  const { data, error, refetch, loading } = useApolloQuery(ADMIN_WEBHOOK_DELIVERIES, { variables: { subscriptionId }, fetchPolicy: 'cache-and-network' });
  useLogError(error, 'WebhookDeliveriesDialog');
  const items = data?.adminWebhookDeliveries.items;
  return (
    <div className="flex max-h-[60vh] flex-col gap-3 overflow-y-auto">
      <Button type="button" variant="outline" size="sm" className="self-end" disabled={loading} onClick={() => void refetch()}>
        <RefreshCw aria-hidden="true" />
        {t.refresh}
      </Button>
      {error && !items && <p className="text-sm text-destructive">{t.loadFailure}</p>}
      {items && items.length === 0 && <p className="text-sm text-muted-foreground">{t.noDeliveries}</p>}
      <ul className="flex flex-col gap-3" aria-label={t.deliveriesTitle}>
        {items?.map((d) => <DeliveryItem key={d.id} delivery={d} onRetried={() => void refetch()} />)}
      </ul>
    </div>
  );
}

function DeliveryItem({ delivery, onRetried }: { delivery: AdminWebhookDelivery; onRetried(): void }) {
  const [retry] = useApolloMutation(RETRY_WEBHOOK_DELIVERY);
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      resultOf((await retry({ variables: { id: delivery.id } })).data, 'adminRetryWebhookDelivery');
      toastSuccess(t.retried);
      onRetried();
    } catch (err) {
      reportFailure(err, t.retryFailure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="rounded-md border p-3 text-sm" data-testid="webhook-delivery">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{t.events[delivery.eventType] ?? delivery.eventType}</span>
        <ToneBadge tone={TONES[delivery.status as keyof typeof TONES] ?? 'muted'} data-testid="webhook-delivery-status">
          {t.deliveryStatuses[delivery.status] ?? delivery.status}
        </ToneBadge>
        <span className="text-muted-foreground">{formatSiteDateTime(delivery.createdAt)}</span>
        <span className="text-muted-foreground">{t.attempts(delivery.attempts)}</span>
        <Button type="button" variant="outline" size="sm" className="ml-auto" disabled={busy || delivery.status === 'PENDING'} onClick={() => void resend()}>
          <RotateCcw aria-hidden="true" />
          {t.retry}
        </Button>
      </div>
      <p className="mt-1 font-mono text-xs text-muted-foreground">{delivery.id}</p>
      <ol className="mt-2 flex flex-col gap-1 text-xs">
        {delivery.log.map((a) => (
          <li key={a.attempt} className={a.succeeded ? 'text-muted-foreground' : 'text-destructive'}>
            {formatSiteDateTime(a.at)} — {t.attempt(a.attempt, a.responseCode ?? null, a.durationMs)}
            {a.error ? ` (${a.error})` : ''}
          </li>
        ))}
      </ol>
    </li>
  );
}
