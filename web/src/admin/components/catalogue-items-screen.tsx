import type { TypedDocumentNode } from '@apollo/client';
import type { ReactNode } from 'react';
import type { DeleteResult } from '../api/catalogue';
import { useCsvExport } from '../lib/use-csv-export';
import type { Column } from './data-list';
import { ExportAddActions, FormScreen, ListBody, useAddForm } from './list-screen';
import { SearchedListScreen } from './searched-list-screen';
import { useDeleteRow } from './use-delete-row';
import { useSearchedList, type ListPage } from './use-searched-list';

/** The words a catalogue items screen shows (adminFr.videos, adminFr.pdfs). */
interface ItemsTexts {
  count(n: number): string;
  add: string;
  formTitle: string;
  search: string;
  searchPlaceholder: string;
  empty: string;
  columns: { actions: string };
}

/** What a catalogue items screen says of its export and deletions (adminFr.videos, adminFr.pdfs). */
interface ItemsActionTexts {
  exportFile: string;
  confirmDelete: string;
  deleteFailure: string;
  deleted: string;
  deletedText(title: string): string;
}

/**
 * The state of the videos' or the PDFs' screen: the list searched from the URL, the upload form in
 * its place, 'Exporter', and the deletion asked first ('« … » a été supprimé(e)', then
 * `onDeleted`, then the list again).
 */
export function useCatalogueItems<TData, T extends { id: string; title: string }, KE extends string, KD extends string>({
  query,
  pageSize,
  pick,
  what,
  texts: t,
  exportQuery,
  exportField,
  deleteMutation,
  deleteField,
  onDeleted,
}: {
  query: TypedDocumentNode<TData, { search?: string | null; page: number; pageSize: number }>;
  pageSize: number;
  pick(data: TData): ListPage<T>;
  what: string;
  texts: ItemsActionTexts;
  exportQuery: TypedDocumentNode<Record<KE, string>, Record<string, never>>;
  exportField: KE;
  deleteMutation: TypedDocumentNode<{ [F in KD]: DeleteResult }, { id: string }>;
  deleteField: KD;
  onDeleted?(row: T): void;
}) {
  const view = useSearchedList(query, { variables: (search, page) => ({ search, page, pageSize }), pick, what });
  const adding = useAddForm(view.reloadFirstPage);
  const csv = useCsvExport(exportQuery, exportField, t.exportFile);
  const { askDelete, dialog: deleteDialog } = useDeleteRow<T, KD>({
    mutation: deleteMutation,
    field: deleteField,
    texts: t,
    deletedText: (row) => t.deletedText(row.title),
    onDeleted,
    reload: () => view.refetch(),
  });
  return { view, adding, csv, askDelete, deleteDialog };
}

/**
 * The videos' and the PDFs' screens (spec §2): while adding, the upload form in place of the list;
 * else the heading with its count, Exporter and Ajouter, what a link asks to show first, the search
 * (kept in the URL), the table with its actions, the delete dialog, then `children` (the edit dialog).
 */
export function CatalogueItemsScreen<T extends { id: string }>(props: {
  title: string;
  texts: ItemsTexts;
  icon: ReactNode;
  searchId: string;
  /** useCatalogueItems' answer. */
  items: {
    view: Pick<ReturnType<typeof useSearchedList<unknown, never, T>>, 'list' | 'searchBox' | 'body'>;
    adding: ReturnType<typeof useAddForm>;
    csv: { exporting: boolean; exportCsv(): Promise<unknown> };
    deleteDialog: ReactNode;
  };
  uploadForm: ReactNode;
  above?: ReactNode;
  columns: ReadonlyArray<Column<T>>;
  actions(row: T): ReactNode;
  children: ReactNode;
}) {
  const { title, texts: t } = props;
  const { view, adding, csv, deleteDialog } = props.items;
  if (adding.open) {
    return (
      <FormScreen key="form" title={t.formTitle} onBack={adding.back}>
        {props.uploadForm}
      </FormScreen>
    );
  }
  return (
    <SearchedListScreen
      key="list"
      title={title}
      count={view.list && t.count(view.list.total)}
      actions={<ExportAddActions exporting={csv.exporting} onExport={() => void csv.exportCsv()} addLabel={t.add} onAdd={adding.show} />}
      above={props.above}
      search={{ id: props.searchId, label: t.search, placeholder: t.searchPlaceholder, ...view.searchBox }}
    >
      <ListBody
        {...view.body}
        empty={{ icon: props.icon, text: t.empty, addLabel: t.add, onAdd: adding.show }}
        label={title}
        columns={props.columns}
        actionsHeader={t.columns.actions}
        actions={props.actions}
      />
      {props.children}
      {deleteDialog}
    </SearchedListScreen>
  );
}
