import { useApolloMutation, useApolloQuery } from '@/data/hooks';
import { Ban, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { usePage } from '@/hooks/use-page';
import { formatDate, formatSiteDateTime } from '@/lib/format/date';
import { adminFr } from '@/i18n/admin';
import { apiKeysFr as t } from '@/i18n/admin/api-keys';
import { reportFailure, resultOf, toastSuccess } from '../lib/errors';
import { useLogError } from '../lib/use-log-error';
import { ToneBadge } from '../components/status-badge';
import { type Column } from '../components/data-list';
import { IconAction } from '../components/icon-action';
import { AddButton, ListBody } from '../components/list-screen';
import { PageHeader } from '../components/page-header';
import { ApiKeyDialog } from './api-key-dialog';
import { ADMIN_API_KEYS_PAGE, REVOKE_API_KEY, type AdminApiKey } from './operations';

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
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<AdminApiKey | null>(null);
  const { data, loading, error, refetch } = useApolloQuery(ADMIN_API_KEYS_PAGE, { fetchPolicy: 'cache-and-network' });
  useLogError(error, 'AdminApiKeysPage');
  const [revoke] = useApolloMutation(REVOKE_API_KEY);
  const keys = data?.adminApiKeys;
  const scopes = data?.adminApiScopes ?? [];

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      resultOf((await revoke({ variables: { input: { id: revoking.id } } })).data, 'adminRevokeApiKey');
      toastSuccess(t.revoked);
    } catch (err) {
      reportFailure(err, t.revokeFailure);
    }
  };

  return (
    <div>
      <PageHeader title={t.title} subtitle={keys ? t.count(keys.length) : '\u00a0'} actions={<AddButton label={t.add} onClick={() => setCreating(true)} />} />
      <p className="mb-4 text-sm text-muted-foreground">{t.subtitle}</p>
      <ListBody
        rows={keys}
        loading={loading}
        empty={{ icon: <KeyRound />, text: t.empty, addLabel: t.add, onAdd: () => setCreating(true) }}
        label={t.title}
        columns={columnsFor(new Map(scopes.map((s) => [s.scope, s.label])))}
        actionsHeader={t.columns.actions}
        actions={(key) =>
          key.status === 'ACTIVE' ? (
            <IconAction label={t.revokeAction(key.name)} tooltip={t.revoke} onClick={() => setRevoking(key)}>
              <Ban aria-hidden="true" />
            </IconAction>
          ) : null
        }
      />
      <ApiKeyDialog
        open={creating}
        scopes={scopes}
        onClose={(created) => {
          setCreating(false);
          if (created) void refetch();
        }}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={t.revokeTitle}
        text={revoking ? t.revokeText(revoking.name) : ''}
        confirm={t.revoke}
        pendingLabel={t.revoking}
        cancel={adminFr.common.cancel}
        destructive
        onOpenChange={(open) => !open && setRevoking(null)}
        onConfirm={confirmRevoke}
      />
    </div>
  );
}
