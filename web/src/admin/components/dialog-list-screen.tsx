import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { adminFr } from '@/i18n/admin';
import { runAction } from './admin-action';
import type { Column } from './data-list';
import { AddButton, ListBody } from './list-screen';
import { PageHeader } from './page-header';

/** The words of a list screen whose add and edit forms are dialogs. */
interface DialogListTexts {
  count(n: number): string;
  add: string;
  empty: string;
  columns: { actions: string };
}

/**
 * A short list (« API », « Webhooks », testimonials, promo codes) added to and edited in a dialog:
 * the heading with the count and « Ajouter », the page's sentence (`intro`), the list (or its empty
 * state), the dialog (`dialog(editing, onClose)`: 'new', a row, or null when closed; the list
 * reloads once something was saved), then `children` (the screen's other dialogs). `actions(row,
 * edit)` may open the dialog on its row.
 */
export function DialogListScreen<T extends { id: string }>({
  title,
  text: t,
  intro,
  icon,
  rows,
  loading,
  columns,
  actions,
  dialog,
  reload,
  children,
}: {
  title: string;
  text: DialogListTexts;
  intro?: string;
  icon: ReactNode;
  rows: readonly T[] | undefined;
  loading: boolean;
  columns: ReadonlyArray<Column<T>>;
  actions(row: T, edit: (row: T) => void): ReactNode;
  dialog(editing: T | 'new' | null, onClose: (saved: boolean) => void): ReactNode;
  reload(): unknown;
  children?: ReactNode;
}) {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  return (
    <div>
      <PageHeader title={title} subtitle={rows ? t.count(rows.length) : '\u00a0'} actions={<AddButton label={t.add} onClick={() => setEditing('new')} />} />
      {intro && <p className="mb-4 text-sm text-muted-foreground">{intro}</p>}
      <ListBody
        rows={rows}
        loading={loading}
        empty={{ icon, text: t.empty, addLabel: t.add, onAdd: () => setEditing('new') }}
        label={title}
        columns={columns}
        actionsHeader={t.columns.actions}
        actions={(row) => actions(row, setEditing)}
      />
      {dialog(editing, (saved) => {
        setEditing(null);
        if (saved) void reload();
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
