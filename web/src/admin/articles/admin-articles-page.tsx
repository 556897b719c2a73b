import { useApolloMutation, useApolloQuery } from '@/data/hooks';
import { ExternalLink, EyeOff, Newspaper, Send } from 'lucide-react';
import { useState } from 'react';
import { paths } from '@/app/route-manifest';
import { usePage } from '@/hooks/use-page';
import { formatDate } from '@/lib/format/date';
import { cn } from '@/lib/utils';
import type { ArticleStatus } from '../api/catalogue';
import { adminFr } from '@/i18n/admin';
import { reportFailure, resultOf, toastSuccess } from '../lib/errors';
import { useClampPage } from '../lib/use-clamp-page';
import { useLogError } from '../lib/use-log-error';
import { usePageFor, useUrlSearch } from '../lib/use-url-state';
import { ToneBadge } from '../components/status-badge';
import { type Column } from '../components/data-list';
import { IconAction } from '../components/icon-action';
import { AddButton, EditDeleteActions, FormScreen, ListBody } from '../components/list-screen';
import { ListSearch } from '../components/list-search';
import { PageHeader } from '../components/page-header';
import { useDeleteRow } from '../components/use-delete-row';
import { ArticleEditor } from './article-editor';
import { ADMIN_ARTICLES_PAGE, DELETE_ARTICLE, PAGE_SIZE, PUBLISH_ARTICLE, UNPUBLISH_ARTICLE, type AdminArticle } from './operations';

const t = adminFr.articles;

const FILTERS: ReadonlyArray<{ status: ArticleStatus | null; label: string }> = [
  { status: null, label: t.all },
  { status: 'PUBLISHED', label: t.published },
  { status: 'DRAFT', label: t.draft },
];

function StatusBadge({ status }: { status: ArticleStatus }) {
  return status === 'PUBLISHED' ? <ToneBadge tone="success">{t.published}</ToneBadge> : <ToneBadge tone="muted">{t.draft}</ToneBadge>;
}

const columns: ReadonlyArray<Column<AdminArticle>> = [
  {
    header: t.columns.title,
    cell: (article) => (
      <span className="flex min-w-0 items-center gap-3">
        {article.imageUrl ? (
          <img src={article.imageUrl} alt="" loading="lazy" className="h-10 w-14 shrink-0 rounded border object-cover" />
        ) : (
          <span className="grid h-10 w-14 shrink-0 place-items-center rounded border bg-muted text-muted-foreground">
            <Newspaper className="size-5" aria-hidden="true" />
          </span>
        )}
        <span className="min-w-0">
          <span className="line-clamp-2 break-words">{article.title}</span>
          <span className="block text-xs font-normal text-muted-foreground">
            {article.author} · {t.readTime(article.readTimeMinutes)}
          </span>
        </span>
      </span>
    ),
  },
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
  const { search, input, setInput } = useUrlSearch();
  const [page, setPage] = usePageFor(`${status ?? ''}|${search}`);
  const [busyId, setBusyId] = useState<string | null>(null);
  const { data, previousData, loading, error, refetch } = useApolloQuery(ADMIN_ARTICLES_PAGE, {
    variables: { search: search || null, status, page, pageSize: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  useLogError(error, 'AdminArticlesPage');
  const [publishArticle] = useApolloMutation(PUBLISH_ARTICLE);
  const [unpublishArticle] = useApolloMutation(UNPUBLISH_ARTICLE);
  const { askDelete, dialog: deleteDialog } = useDeleteRow<AdminArticle, 'deleteArticle'>({
    mutation: DELETE_ARTICLE,
    field: 'deleteArticle',
    confirm: t.confirmDelete,
    failure: t.deleteFailure,
    onDeleted: () => toastSuccess(t.deleted),
    reload: () => refetch(),
  });

  // While a new search is answered, the previous rows stay on screen (no skeleton at each key).
  const articles = (data ?? previousData)?.adminArticles;
  useClampPage(articles?.totalPages, page, setPage);

  const togglePublished = async (article: AdminArticle) => {
    setBusyId(article.id);
    try {
      if (article.status === 'PUBLISHED') {
        const { data: result } = await unpublishArticle({ variables: { id: article.id } });
        resultOf(result, 'unpublishArticle');
        toastSuccess(t.unpublishedToast, t.unpublishedText);
      } else {
        const { data: result } = await publishArticle({ variables: { id: article.id } });
        resultOf(result, 'publishArticle');
        toastSuccess(t.publishedToast, t.publishedText);
      }
      await refetch();
    } catch (err) {
      reportFailure(err, t.publishFailure);
    } finally {
      setBusyId(null);
    }
  };

  if (mode.kind !== 'list') {
    return (
      <FormScreen key="form" title={mode.kind === 'new' ? t.formTitleNew : t.formTitleEdit} onBack={() => setMode({ kind: 'list' })}>
        <ArticleEditor
          articleId={mode.kind === 'edit' ? mode.id : null}
          onDone={() => {
            setMode({ kind: 'list' });
            void refetch();
          }}
        />
      </FormScreen>
    );
  }

  return (
    <div key="list">
      <PageHeader
        title={adminFr.nav.articles}
        subtitle={articles ? t.count(articles.total) : '\u00a0'}
        actions={<AddButton label={t.add} onClick={() => setMode({ kind: 'new' })} />}
      />

      <ListSearch id="articles-search" label={t.search} placeholder={t.searchPlaceholder} value={input} onChange={setInput} />

      <div role="group" aria-label={t.statusFilter} className="mb-4 inline-flex rounded-md border bg-muted p-1">
        {FILTERS.map((filter) => (
          <button
            key={filter.label}
            type="button"
            aria-pressed={status === filter.status}
            onClick={() => setStatus(filter.status)}
            className={cn(
              'rounded-sm px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors focus-visible:outline-2 focus-visible:outline-ring',
              status === filter.status && 'bg-card text-foreground shadow-sm',
            )}
          >
            {filter.label}
          </button>
        ))}
      </div>

      <ListBody
        rows={articles?.items}
        loading={loading}
        empty={{ icon: <Newspaper />, text: t.empty, addLabel: t.add, onAdd: () => setMode({ kind: 'new' }) }}
        label={adminFr.nav.articles}
        columns={columns}
        actionsHeader={t.columns.actions}
        actions={(article) => (
          <>
            {article.status === 'PUBLISHED' && (
              <IconAction
                label={t.viewAction(article.title)}
                tooltip={t.viewAction(article.title)}
                onClick={() => window.open(paths.article(article.id), '_blank', 'noopener')}
              >
                <ExternalLink aria-hidden="true" />
              </IconAction>
            )}
            <IconAction
              label={article.status === 'PUBLISHED' ? t.unpublishAction(article.title) : t.publishAction(article.title)}
              tooltip={article.status === 'PUBLISHED' ? t.unpublish : t.publish}
              disabled={busyId === article.id}
              onClick={() => void togglePublished(article)}
            >
              {article.status === 'PUBLISHED' ? <EyeOff aria-hidden="true" /> : <Send aria-hidden="true" />}
            </IconAction>
            <EditDeleteActions
              editLabel={t.editAction(article.title)}
              deleteLabel={t.deleteAction(article.title)}
              onEdit={() => setMode({ kind: 'edit', id: article.id })}
              onDelete={() => askDelete(article)}
            />
          </>
        )}
        paging={articles && { page: articles.page, totalPages: articles.totalPages, onPage: setPage }}
        search={search ? { text: search, onClear: () => setInput('') } : undefined}
      />

      {deleteDialog}
    </div>
  );
}
