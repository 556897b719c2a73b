import { Newspaper } from 'lucide-react';
import { useState } from 'react';
import { usePage } from '@/hooks/use-page';
import { formatDate } from '@/lib/format/date';
import type { ArticleStatus } from '../api/catalogue';
import { adminFr } from '@/i18n/admin';
import { ToneBadge } from '../components/status-badge';
import { type Column } from '../components/data-list';
import { AddButton, FormScreen, ListBody } from '../components/list-screen';
import { SearchedListScreen } from '../components/searched-list-screen';
import { SegmentedFilter } from '../components/segmented-filter';
import { thumbTitleColumn } from '../components/thumb-title';
import { useDeleteRow } from '../components/use-delete-row';
import { useSearchedList } from '../components/use-searched-list';
import { ArticleEditor } from './article-editor';
import { ArticleRowActions, useTogglePublished } from './article-row-actions';
import { PAGE_SIZE, type AdminArticle } from './operations';
import ADMIN_ARTICLES_PAGE from './graphql/admin-articles-page.query.graphql';
import DELETE_ARTICLE from './graphql/delete-article.mutation.graphql';

const t = adminFr.articles;

const FILTERS: ReadonlyArray<{ value: ArticleStatus | null; label: string }> = [
  { value: null, label: t.all },
  { value: 'PUBLISHED', label: t.published },
  { value: 'DRAFT', label: t.draft },
];

function StatusBadge({ status }: { status: ArticleStatus }) {
  return status === 'PUBLISHED' ? <ToneBadge tone="success">{t.published}</ToneBadge> : <ToneBadge tone="muted">{t.draft}</ToneBadge>;
}

const columns: ReadonlyArray<Column<AdminArticle>> = [
  thumbTitleColumn<AdminArticle>(t.columns.title, { icon: <Newspaper className="size-5" aria-hidden="true" />, sizeClass: 'h-10 w-14' }, (article) => ({
    imageUrl: article.imageUrl,
    title: article.title,
    detail: (
      <>
        {article.author} · {t.readTime(article.readTimeMinutes)}
      </>
    ),
  })),
  { header: t.columns.category, cell: (article) => article.categoryLabel },
  { header: t.columns.status, cell: (article) => <StatusBadge status={article.status} /> },
  { header: t.columns.date, cell: (article) => formatDate(article.date) },
];

type Mode = { kind: 'list' } | { kind: 'new' } | { kind: 'edit'; id: string };

/**
 * /admin/articles: the news of /actualites, written, published and withdrawn without a developer.
 * The search is kept in the URL (?search=…, the top bar's article hits).
 */
export default function AdminArticlesPage() {
  usePage(adminFr.nav.articles);
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [status, setStatus] = useState<ArticleStatus | null>(null);
  const view = useSearchedList(ADMIN_ARTICLES_PAGE, {
    variables: (search, page) => ({ search, status, page, pageSize: PAGE_SIZE }),
    pick: (data) => data.adminArticles,
    what: 'AdminArticlesPage',
    filterKey: status ?? '',
  });
  const { busyId, toggle } = useTogglePublished(() => view.refetch());
  const { askDelete, dialog: deleteDialog } = useDeleteRow<AdminArticle, 'deleteArticle'>({
    mutation: DELETE_ARTICLE,
    field: 'deleteArticle',
    texts: t,
    reload: () => view.refetch(),
  });

  if (mode.kind !== 'list') {
    return (
      <FormScreen key="form" title={mode.kind === 'new' ? t.formTitleNew : t.formTitleEdit} onBack={() => setMode({ kind: 'list' })}>
        <ArticleEditor
          articleId={mode.kind === 'edit' ? mode.id : null}
          onDone={() => {
            setMode({ kind: 'list' });
            void view.refetch();
          }}
        />
      </FormScreen>
    );
  }

  return (
    <SearchedListScreen
      key="list"
      title={adminFr.nav.articles}
      count={view.list && t.count(view.list.total)}
      actions={<AddButton label={t.add} onClick={() => setMode({ kind: 'new' })} />}
      search={{ id: 'articles-search', label: t.search, placeholder: t.searchPlaceholder, ...view.searchBox }}
    >
      <SegmentedFilter label={t.statusFilter} options={FILTERS} value={status} onChange={setStatus} />
      <ListBody
        {...view.body}
        empty={{ icon: <Newspaper />, text: t.empty, addLabel: t.add, onAdd: () => setMode({ kind: 'new' }) }}
        label={adminFr.nav.articles}
        columns={columns}
        actionsHeader={t.columns.actions}
        actions={(article) => (
          <ArticleRowActions
            article={article}
            busy={busyId === article.id}
            onToggle={(a) => void toggle(a)}
            onEdit={(a) => setMode({ kind: 'edit', id: a.id })}
            onDelete={askDelete}
          />
        )}
      />
      {deleteDialog}
    </SearchedListScreen>
  );
}
