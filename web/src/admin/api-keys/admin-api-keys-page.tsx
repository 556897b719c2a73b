import { useApolloMutation, useApolloQuery } from '@/data/hooks';
import { Ban, KeyRound } from 'lucide-react';
import { usePage } from '@/hooks/use-page';
import { formatDate, formatSiteDateTime } from '@/lib/format/date';
import { apiKeysFr as t } from '@/i18n/admin/api-keys';
import { resultOf, toastSuccess } from '../lib/errors';
import { useLogError } from '../lib/use-log-error';
import { ToneBadge } from '../components/status-badge';
import { type Column } from '../components/data-list';
import { IconAction } from '../components/icon-action';
import { DialogListScreen, useConfirmedRowAction } from '../components/dialog-list-screen';
import { ApiKeyDialog } from './api-key-dialog';
import { type AdminApiKey } from './operations';
import ADMIN_API_KEYS_PAGE from './graphql/admin-api-keys-page.query.graphql';
import REVOKE_API_KEY from './graphql/revoke-api-key.mutation.graphql';

const STATUS_TONES = { ACTIVE: 'success', REVOKED: 'danger', EXPIRED: 'muted' } as const;

function columnsFor(labels: Map<string, string>): ReadonlyArray<Column<AdminApiKey>> {
  return [
    {
      header: t.columns.name,
      cell: (key) => (
        <span className="block">
          <span className="font-semibold">{key.name}</span>
          <span className="block font-mono text-xs text-muted-foreground">{key.prefix}…</span>
        </span>
      ),
    },
    { header: t.columns.scopes, cell: (key) => <span className="whitespace-normal">{key.scopes.map((s) => labels.get(s) ?? s).join(', ')}</span> },
    { header: t.columns.budget, cell: (key) => t.perMinute(key.costPerMinute) },
    { header: t.columns.expiry, cell: (key) => formatDate(key.expiresAt) },
    { header: t.columns.lastUse, cell: (key) => (key.lastUsedAt ? formatSiteDateTime(key.lastUsedAt) : t.never) },
    {
      header: t.columns.status,
      cell: (key) => (
        <ToneBadge tone={STATUS_TONES[key.status as keyof typeof STATUS_TONES] ?? 'muted'} data-testid={`api-key-status-${key.name}`}>
          {t.statuses[key.status] ?? key.status}
        </ToneBadge>
      ),
    },
  ];
}

/** /admin/api: « API », the integrations' keys: created (the secret shown once), listed, revoked. */
export default function AdminApiKeysPage() {
  usePage(t.title);
  const { data, loading, error, refetch } = useApolloQuery(ADMIN_API_KEYS_PAGE, { fetchPolicy: 'cache-and-network' });
  useLogError(error, 'AdminApiKeysPage');
  const [revoke] = useApolloMutation(REVOKE_API_KEY);
  const scopes = data?.adminApiScopes ?? [];
  const revoking = useConfirmedRowAction<AdminApiKey>(
    { title: t.revokeTitle, text: (key) => t.revokeText(key.name), confirm: t.revoke, pending: t.revoking },
    async (key) => {
      resultOf((await revoke({ variables: { input: { id: key.id } } })).data, 'adminRevokeApiKey');
      toastSuccess(t.revoked);
    },
    t.revokeFailure,
  );

  return (
    <DialogListScreen
      title={t.title}
      text={t}
      intro={t.subtitle}
      icon={<KeyRound />}
      rows={data?.adminApiKeys}
      loading={loading}
      columns={columnsFor(new Map(scopes.map((s) => [s.scope, s.label])))}
      actions={(key) =>
        key.status === 'ACTIVE' ? (
          <IconAction label={t.revokeAction(key.name)} tooltip={t.revoke} onClick={() => revoking.ask(key)}>
            <Ban aria-hidden="true" />
          </IconAction>
        ) : null
      }
      dialog={(editing, onClose) => <ApiKeyDialog open={editing === 'new'} scopes={scopes} onClose={onClose} />}
      reload={refetch}
    >
      {revoking.dialog}
    </DialogListScreen>
  );
}
