import type { ReactNode } from 'react';
import type { Column } from './data-list';
import { ExportAddActions, FormScreen, ListBody, type useAddForm } from './list-screen';
import { SearchedListScreen } from './searched-list-screen';
import type { useSearchedList } from './use-searched-list';

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

/**
 * The videos' and the PDFs' screens (spec §2): while adding, the upload form in place of the list;
 * else the heading with its count, Exporter and Ajouter, what a link asks to show first, the search
 * (kept in the URL), the table with its actions, then `children` (the edit and delete dialogs).
 */
export function CatalogueItemsScreen<T extends { id: string }>(props: {
  title: string;
  texts: ItemsTexts;
  icon: ReactNode;
  searchId: string;
  view: Pick<ReturnType<typeof useSearchedList<unknown, never, T>>, 'list' | 'searchBox' | 'body'>;
  adding: ReturnType<typeof useAddForm>;
  csv: { exporting: boolean; exportCsv(): Promise<unknown> };
  uploadForm: ReactNode;
  above?: ReactNode;
  columns: ReadonlyArray<Column<T>>;
  actions(row: T): ReactNode;
  children: ReactNode;
}) {
  const { title, texts: t, view, adding, csv } = props;
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
    </SearchedListScreen>
  );
}
