import { useApolloMutation, useApolloQuery } from '@/data/hooks';
import { History, Pause, Play, Trash2, Webhook } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { usePage } from '@/hooks/use-page';
import { adminFr } from '@/i18n/admin';
import { webhooksFr as t } from '@/i18n/admin/webhooks';
import { reportFailure, resultOf, toastSuccess } from '../lib/errors';
import { useLogError } from '../lib/use-log-error';
import { ToneBadge } from '../components/status-badge';
import { type Column } from '../components/data-list';
import { IconAction } from '../components/icon-action';
import { AddButton, ListBody } from '../components/list-screen';
import { PageHeader } from '../components/page-header';
import { ADMIN_WEBHOOKS_PAGE, DELETE_WEBHOOK, SET_WEBHOOK_ACTIVE, type AdminWebhook } from './operations';
import { WebhookDeliveriesDialog } from './webhook-deliveries-dialog';
import { WebhookDialog } from './webhook-dialog';

const COLUMNS: ReadonlyArray<Column<AdminWebhook>> = [
  { header: t.columns.url, cell: (w) => <span className="font-mono text-xs break-all whitespace-normal">{w.url}</span> },
  { header: t.columns.events, cell: (w) => <span className="whitespace-normal">{w.events.map((e) => t.events[e] ?? e).join(', ')}</span> },
  {
    header: t.columns.status,
    cell: (w) => (
      <span className="block">
        <ToneBadge tone={w.status === 'ACTIVE' ? 'success' : 'warning'} data-testid="webhook-status">
          {t.statuses[w.status] ?? w.status}
        </ToneBadge>
        {w.pausedReason && <span className="block text-xs text-muted-foreground">{w.pausedReason}</span>}
      </span>
    ),
  },
  { header: t.columns.failures, cell: (w) => w.consecutiveFailures },
];

/** /admin/webhooks: « Webhooks », created (the secret shown once), paused or resumed, deleted; each one's deliveries with « Renvoyer ». */
export default function AdminWebhooksPage() {
  usePage(t.title);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<AdminWebhook | null>(null);
  const [viewing, setViewing] = useState<AdminWebhook | null>(null);
  const { data, loading, error, refetch } = useApolloQuery(ADMIN_WEBHOOKS_PAGE, { fetchPolicy: 'cache-and-network' });
  useLogError(error, 'AdminWebhooksPage');
  const [setActive] = useApolloMutation(SET_WEBHOOK_ACTIVE);
  const [remove] = useApolloMutation(DELETE_WEBHOOK);
  const hooks = data?.adminWebhookSubscriptions;

  const toggle = async (w: AdminWebhook) => {
    const active = w.status !== 'ACTIVE';
    try {
      resultOf((await setActive({ variables: { id: w.id, active } })).data, 'adminSetWebhookSubscriptionActive');
      toastSuccess(active ? t.resumed : t.paused);
    } catch (err) {
      reportFailure(err, t.toggleFailure);
    }
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      resultOf((await remove({ variables: { id: deleting.id } })).data, 'adminDeleteWebhookSubscription');
      toastSuccess(t.deleted);
      void refetch();
    } catch (err) {
      reportFailure(err, t.deleteFailure);
    }
  };

  return (
    <div>
      <PageHeader title={t.title} subtitle={hooks ? t.count(hooks.length) : '\u00a0'} actions={<AddButton label={t.add} onClick={() => setCreating(true)} />} />
      <p className="mb-4 text-sm text-muted-foreground">{t.subtitle}</p>
      <ListBody
        rows={hooks}
        loading={loading}
        empty={{ icon: <Webhook />, text: t.empty, addLabel: t.add, onAdd: () => setCreating(true) }}
        label={t.title}
        columns={COLUMNS}
        actionsHeader={t.columns.actions}
        actions={(w) => (
          <>
            <IconAction label={t.deliveriesAction(w.url)} tooltip={t.deliveries} onClick={() => setViewing(w)}>
              <History aria-hidden="true" />
            </IconAction>
            <IconAction label={w.status === 'ACTIVE' ? t.pauseAction(w.url) : t.resumeAction(w.url)} tooltip={w.status === 'ACTIVE' ? t.pause : t.resume} onClick={() => void toggle(w)}>
              {w.status === 'ACTIVE' ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
            </IconAction>
            <IconAction label={t.deleteAction(w.url)} tooltip={t.delete} destructive onClick={() => setDeleting(w)}>
              <Trash2 aria-hidden="true" />
            </IconAction>
          </>
        )}
      />
      <WebhookDialog
        open={creating}
        onClose={(created) => {
          setCreating(false);
          if (created) void refetch();
        }}
      />
      <WebhookDeliveriesDialog subscription={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t.deleteTitle}
        text={deleting ? t.deleteText(deleting.url) : ''}
        confirm={t.delete}
        pendingLabel={t.deleting}
        cancel={adminFr.common.cancel}
        destructive
        onOpenChange={(open) => !open && setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
