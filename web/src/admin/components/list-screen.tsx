import { ArrowLeft, Download, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { adminFr } from '@/i18n/admin';
import { DataList, EmptyState, type Column } from './data-list';
import { IconAction } from './icon-action';
import { PageHeader } from './page-header';
import { Pagination } from './pagination';
import { ListSkeleton } from './skeleton';

/** The screen's 'Ajouter …' button (header and empty state). */
export function AddButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <Button onClick={onClick}>
      <Plus aria-hidden="true" />
      {label}
    </Button>
  );
}

/** 'Exporter' (spec §9), 'Export en cours...' while the CSV is being fetched. */
export function ExportButton({ exporting, onExport }: { exporting: boolean; onExport(): void }) {
  return (
    <Button variant="outline" onClick={onExport} disabled={exporting}>
      <Download aria-hidden="true" />
      {exporting ? adminFr.common.exporting : adminFr.common.export}
    </Button>
  );
}

/** A catalogue list's header actions: 'Exporter', then 'Ajouter …'. */
export function ExportAddActions({ exporting, onExport, addLabel, onAdd }: { exporting: boolean; onExport(): void; addLabel: string; onAdd(): void }) {
  return (
    <>
      <ExportButton exporting={exporting} onExport={onExport} />
      <AddButton label={addLabel} onClick={onAdd} />
    </>
  );
}

/**
 * A list whose add form takes its place (FormScreen): whether it is shown; `added` closes it and
 * shows the list's first page again, asked anew (where the new item is).
 */
export function useAddForm(reloadFirstPage: () => void) {
  const [open, setOpen] = useState(false);
  return {
    open,
    show: () => setOpen(true),
    back: () => setOpen(false),
    added: () => {
      setOpen(false);
      reloadFirstPage();
    },
  };
}

/** The form replacing a list (upload, editor): its heading with 'Retour à la liste'. */
export function FormScreen({ title, onBack, children }: { title: string; onBack(): void; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title={title}
        actions={
          <Button variant="outline" onClick={onBack}>
            <ArrowLeft aria-hidden="true" />
            {adminFr.common.backToList}
          </Button>
        }
      />
      {children}
    </div>
  );
}

/** The last two actions of every row: edit then delete, named after the row. */
export function EditDeleteActions({
  texts,
  name,
  onEdit,
  onDelete,
}: {
  /** The screen's labels, naming the row's item ('Modifier …', 'Supprimer …'). */
  texts: { editAction(name: string): string; deleteAction(name: string): string };
  name: string;
  onEdit(): void;
  onDelete(): void;
}) {
  return (
    <>
      <IconAction label={texts.editAction(name)} tooltip={adminFr.common.edit} onClick={onEdit}>
        <Pencil aria-hidden="true" />
      </IconAction>
      <IconAction label={texts.deleteAction(name)} tooltip={adminFr.common.delete} destructive onClick={onDelete}>
        <Trash2 aria-hidden="true" />
      </IconAction>
    </>
  );
}

/**
 * The body of a list screen: a skeleton while the first answer is awaited, the empty state with
 * its 'Ajouter …' button (under a search: what was searched and 'Effacer la recherche'), else the
 * table/cards and, for a paged list, the pagination.
 */
export function ListBody<T extends { id: string }>({
  rows,
  loading,
  empty,
  label,
  columns,
  actionsHeader,
  actions,
  paging,
  search,
}: {
  rows: readonly T[] | undefined;
  loading: boolean;
  empty: { icon: ReactNode; text: string; addLabel: string; onAdd(): void };
  label: string;
  columns: ReadonlyArray<Column<T>>;
  actionsHeader: string;
  actions(row: T): ReactNode;
  paging?: { page: number; totalPages: number; onPage(page: number): void };
  /** The list's search, when one is typed: an empty answer is then no match, not an empty catalogue. */
  search?: { text: string; onClear(): void };
}) {
  if (!rows && loading) return <ListSkeleton />;
  if ((!rows || rows.length === 0) && search?.text) {
    return (
      <EmptyState icon={empty.icon} text={adminFr.common.noMatch(search.text)}>
        <Button variant="outline" onClick={search.onClear}>
          {adminFr.common.clearSearch}
        </Button>
      </EmptyState>
    );
  }
  if (!rows || rows.length === 0) {
    return (
      <EmptyState icon={empty.icon} text={empty.text}>
        <AddButton label={empty.addLabel} onClick={empty.onAdd} />
      </EmptyState>
    );
  }
  const list = (
    <DataList label={label} rows={rows} columns={columns} rowKey={(row) => row.id} actionsHeader={actionsHeader} actions={actions} />
  );
  if (!paging) return list;
  return (
    <>
      {list}
      <Pagination page={paging.page} totalPages={paging.totalPages} onPage={paging.onPage} />
    </>
  );
}
