import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { adminFr } from '@/i18n/admin';
import { runAction } from './admin-action';
import type { Column } from './data-list';
import { AddButton, ListBody } from './list-screen';
import { PageHeader } from './page-header';

/** The words of an integrations' screen (« API », « Webhooks »). */
interface IntegrationTexts {
  title: string;
  subtitle: string;
  count(n: number): string;
  add: string;
  empty: string;
  columns: { actions: string };
}

/**
 * « API », « Webhooks »: the heading with the count and « Ajouter », the page's sentence, the list
 * (or its empty state), the creation dialog (`createDialog(open, onClose)`: the list reloads once
 * something was made), then `children` (the screen's other dialogs).
 */
export function IntegrationListScreen<T extends { id: string }>({
  text: t,
  icon,
  rows,
  loading,
  columns,
  actions,
  createDialog,
  reload,
  children,
}: {
  text: IntegrationTexts;
  icon: ReactNode;
  rows: readonly T[] | undefined;
  loading: boolean;
  columns: ReadonlyArray<Column<T>>;
  actions(row: T): ReactNode;
  createDialog(open: boolean, onClose: (created: boolean) => void): ReactNode;
  reload(): unknown;
  children: ReactNode;
}) {
  const [creating, setCreating] = useState(false);
  return (
    <div>
      <PageHeader title={t.title} subtitle={rows ? t.count(rows.length) : '\u00a0'} actions={<AddButton label={t.add} onClick={() => setCreating(true)} />} />
      <p className="mb-4 text-sm text-muted-foreground">{t.subtitle}</p>
      <ListBody
        rows={rows}
        loading={loading}
        empty={{ icon, text: t.empty, addLabel: t.add, onAdd: () => setCreating(true) }}
        label={t.title}
        columns={columns}
        actionsHeader={t.columns.actions}
        actions={actions}
      />
      {createDialog(creating, (created) => {
        setCreating(false);
        if (created) void reload();
      })}
      {children}
    </div>
  );
}

/**
 * An action on one row asked first (revoke a key, delete a webhook): `ask(row)` opens the
 * destructive confirmation with the row's words; once confirmed `run(row)` (its mutation and
 * toast), a failure told with `failure`. Render `dialog` once in the screen.
 */
export function useConfirmedRowAction<T>(
  texts: { title: string; text(row: T): string; confirm: string; pending: string },
  run: (row: T) => Promise<unknown>,
  failure: string,
) {
  const [target, setTarget] = useState<T | null>(null);
  const dialog = (
    <ConfirmDialog
      open={target !== null}
      title={texts.title}
      text={target ? texts.text(target) : ''}
      confirm={texts.confirm}
      pendingLabel={texts.pending}
      cancel={adminFr.common.cancel}
      destructive
      onOpenChange={(open) => !open && setTarget(null)}
      onConfirm={async () => {
        if (target) await runAction(() => run(target), failure);
      }}
    />
  );
  return { ask: setTarget, dialog };
}
