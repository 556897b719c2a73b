import { useApolloMutation, useApolloQuery } from '@/data/hooks';
import { History, KeyRound, Pause, Play, Trash2, Webhook } from 'lucide-react';
import { useState } from 'react';
import { usePage } from '@/hooks/use-page';
import { webhooksFr as t } from '@/i18n/admin/webhooks';
import { formatSiteDateTime } from '@/lib/format/date';
import { resultOf, toastSuccess } from '../lib/errors';
import { useLogError } from '../lib/use-log-error';
import { ToneBadge } from '../components/status-badge';
import { type Column } from '../components/data-list';
import { IconAction } from '../components/icon-action';
import { runAction } from '../components/admin-action';
import { DialogListScreen, useConfirmedRowAction } from '../components/dialog-list-screen';
import { EditDialog } from '../components/edit-dialog';
import { SecretShown } from '../components/secret-shown';
import { type AdminWebhook } from './operations';
import { WebhookDeliveriesDialog } from './webhook-deliveries-dialog';
import { WebhookDialog } from './webhook-dialog';
import ADMIN_WEBHOOKS_PAGE from './graphql/admin-webhooks-page.query.graphql';
import DELETE_WEBHOOK from './graphql/delete-webhook.mutation.graphql';
import ROTATE_WEBHOOK_SECRET from './graphql/rotate-webhook-secret.mutation.graphql';
import SET_WEBHOOK_ACTIVE from './graphql/set-webhook-active.mutation.graphql';

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
        {w.previousSecretExpiresAt && (
          <span className="block text-xs text-muted-foreground" data-testid="webhook-previous-secret">
            {t.previousSecretUntil(formatSiteDateTime(w.previousSecretExpiresAt))}
          </span>
        )}
      </span>
    ),
  },
  { header: t.columns.failures, cell: (w) => w.consecutiveFailures },
];

/** /admin/webhooks: « Webhooks », created (the secret shown once), paused or resumed, its secret changed (the new one shown once), deleted; each one's deliveries with « Renvoyer ». */
export default function AdminWebhooksPage() {
  usePage(t.title);
  const [viewing, setViewing] = useState<AdminWebhook | null>(null);
  const { data, loading, error, refetch } = useApolloQuery(ADMIN_WEBHOOKS_PAGE, { fetchPolicy: 'cache-and-network' });
  useLogError(error, 'AdminWebhooksPage');
  const [setActive] = useApolloMutation(SET_WEBHOOK_ACTIVE);
  const [remove] = useApolloMutation(DELETE_WEBHOOK);
  const rotating = useRotateSecret();

  const toggle = async (w: AdminWebhook) => {
    const active = w.status !== 'ACTIVE';
    await runAction(async () => {
      resultOf((await setActive({ variables: { id: w.id, active } })).data, 'adminSetWebhookSubscriptionActive');
      toastSuccess(active ? t.resumed : t.paused);
    }, t.toggleFailure);
  };
  const deleting = useConfirmedRowAction<AdminWebhook>(
    { title: t.deleteTitle, text: (w) => t.deleteText(w.url), confirm: t.delete, pending: t.deleting },
    async (w) => {
      resultOf((await remove({ variables: { id: w.id } })).data, 'adminDeleteWebhookSubscription');
      toastSuccess(t.deleted);
      void refetch();
    },
    t.deleteFailure,
  );

  return (
    <DialogListScreen
      title={t.title}
      text={t}
      intro={t.subtitle}
      icon={<Webhook />}
      rows={data?.adminWebhookSubscriptions}
      loading={loading}
      columns={COLUMNS}
      actions={(w) => (
        <>
          <IconAction label={t.deliveriesAction(w.url)} tooltip={t.deliveries} onClick={() => setViewing(w)}>
            <History aria-hidden="true" />
          </IconAction>
          <IconAction label={w.status === 'ACTIVE' ? t.pauseAction(w.url) : t.resumeAction(w.url)} tooltip={w.status === 'ACTIVE' ? t.pause : t.resume} onClick={() => void toggle(w)}>
            {w.status === 'ACTIVE' ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
          </IconAction>
          <IconAction label={t.rotateAction(w.url)} tooltip={t.rotate} onClick={() => rotating.ask(w)}>
            <KeyRound aria-hidden="true" />
          </IconAction>
          <IconAction label={t.deleteAction(w.url)} tooltip={t.delete} destructive onClick={() => deleting.ask(w)}>
            <Trash2 aria-hidden="true" />
          </IconAction>
        </>
      )}
      dialog={(editing, onClose) => <WebhookDialog open={editing === 'new'} onClose={onClose} />}
      reload={refetch}
    >
      <WebhookDeliveriesDialog subscription={viewing} onClose={() => setViewing(null)} />
      {deleting.dialog}
      {rotating.dialog}
    </DialogListScreen>
  );
}

/** « Changer le secret »: asked first, then the new secret shown this once. */
function useRotateSecret() {
  const [rotate] = useApolloMutation(ROTATE_WEBHOOK_SECRET);
  const [secret, setSecret] = useState<string | null>(null);
  const confirming = useConfirmedRowAction<AdminWebhook>(
    { title: t.rotateTitle, text: (w) => t.rotateText(w.url), confirm: t.rotate, pending: t.rotating },
    async (w) => {
      const result = resultOf((await rotate({ variables: { id: w.id } })).data, 'adminRotateWebhookSecret');
      toastSuccess(t.rotated);
      setSecret(result.secret ?? '');
    },
    t.rotateFailure,
  );
  const close = () => setSecret(null);
  const dialog = (
    <>
      {confirming.dialog}
      <EditDialog open={secret !== null} onClose={close} title={t.newSecretTitle} description={t.newSecretDescription} className="max-w-xl">
        {secret !== null && <SecretShown secret={secret} text={t} testId="webhook-secret" onDone={close} />}
      </EditDialog>
    </>
  );
  return { ask: confirming.ask, dialog };
}
