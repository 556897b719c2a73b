import type { ReactNode } from 'react';
import { ListSearch } from './list-search';
import { PageHeader } from './page-header';

/**
 * A searched list screen (videos, PDFs, articles): the heading with its count (a blank line until
 * it is known) and actions, what a link asks to show first, the search box, then `children`: the
 * filters, the list (ListBody) and the screen's dialogs.
 */
export function SearchedListScreen({
  title,
  count,
  actions,
  search,
  above,
  children,
}: {
  title: string;
  count: string | undefined;
  actions: ReactNode;
  search: { id: string; label: string; placeholder: string; value: string; onChange(value: string): void };
  above?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <PageHeader title={title} subtitle={count ?? '\u00a0'} actions={actions} />
      {above}
      <ListSearch {...search} />
      {children}
    </div>
  );
}
