import { useQuery } from '@/data/hooks';
import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { fetchPolicies } from '@/data/fetch-policies';
import { Button } from '@/components/ui/button';
import { usePage } from '@/hooks/use-page';
import { articleCategoryLabels, catalogueText, newsText } from '@/i18n/catalogue';
import { fr } from '@/i18n/fr';
import { cn } from '@/lib/utils';
import { PageHero } from '../../components/layout/page-hero';
import { ArticleCard, ArticleCardSkeleton } from './article-card';
import { EmptyState } from '../../components/states/empty-state';
import { LoadError } from '../../components/states/load-error';
import { Pagination } from '../../components/ui/pagination';
import { SearchBox } from '../../components/ui/search-box';
import { useUrlParams } from '../../hooks/use-url-params';
import { NEWS_PAGE_QUERY } from './news-operations';
import { ARTICLE_CATEGORIES, isArticleCategory, PAGE_SIZE, parsePage, type ArticleCategory } from '../../lib/catalogue-types';

const chip =
  'inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring';

/** The news list: server-side search over title and excerpt, category buttons, 12 a page. */
export default function NewsPage() {
  usePage(fr.pages.news, { meta: { description: newsText.lead, canonicalPath: paths.news() } });
  const { params, update, searchFor } = useUrlParams();
  const search = params.get('q')?.trim() ?? '';
  const rawCategory = params.get('category');
  const category = isArticleCategory(rawCategory) ? rawCategory : null;
  const page = parsePage(params.get('page'));

  const { data, previousData, loading, error, refetch } = useQuery(NEWS_PAGE_QUERY, {
    variables: {
      filter: { ...(search ? { search } : {}), ...(category ? { category } : {}) },
      page,
      pageSize: PAGE_SIZE,
    },
    fetchPolicy: fetchPolicies.catalogue,
  });
  const result = (data ?? previousData)?.articles;

  const onSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const choose = (next: ArticleCategory | null) => update({ category: next });

  return (
    <>
      <PageHero eyebrow={newsText.eyebrow} title={newsText.title} lead={newsText.lead} />

      <div className="container-page flex flex-col gap-5 py-8 sm:py-12">
        <SearchBox
          value={search}
          onSearch={onSearch}
          label={newsText.searchLabel}
          placeholder={newsText.searchPlaceholder}
          clearLabel={catalogueText.clearSearch}
          className="w-full max-w-xl"
          keep={{ category }}
        />
        {/* A GET form: a category tapped before the JavaScript has arrived still filters, on the
            server-rendered page; once hydrated, the router does it without reloading. */}
        <form method="get" role="group" aria-label={newsText.categoriesLabel} className="flex flex-wrap gap-2">
          {search && <input type="hidden" name="q" value={search} />}
          {([null, ...ARTICLE_CATEGORIES] as const).map((value) => {
            const active = value === category;
            return (
              <button
                key={value ?? 'all'}
                type="submit"
                {...(value ? { name: 'category', value } : {})}
                aria-pressed={active}
                onClick={(event) => {
                  event.preventDefault();
                  choose(value);
                }}
                className={cn(
                  chip,
                  'shrink-0',
                  active ? 'border-primary bg-primary text-primary-foreground' : 'bg-card hover:bg-accent',
                )}
              >
                {value ? articleCategoryLabels[value] : newsText.all}
              </button>
            );
          })}
        </form>

        {error ? (
          <LoadError onRetry={() => void refetch()} />
        ) : !result ? (
          <div aria-busy="true">
            <p role="status" className="sr-only">
              {newsText.loading}
            </p>
            <ul className="grid gap-5 md:grid-cols-2">
              {Array.from({ length: 4 }, (_, i) => (
                <li key={i}>
                  <ArticleCardSkeleton />
                </li>
              ))}
            </ul>
          </div>
        ) : result.items.length === 0 ? (
          <EmptyState
            title={newsText.empty}
            text={newsText.emptyText}
            action={
              search || category ? (
                <Button asChild variant="outline">
                  <Link to={paths.news()}>{newsText.showAll}</Link>
                </Button>
              ) : undefined
            }
          />
        ) : (
          <ul
            className={cn('grid gap-5 transition-opacity md:grid-cols-2', loading && 'opacity-60')}
            aria-busy={loading}
            data-testid="article-list"
          >
            {result.items.map((article) => (
              <li key={article.id} className="flex">
                <ArticleCard article={article} />
              </li>
            ))}
          </ul>
        )}
        {result && !error && (
          <Pagination page={result.page} totalPages={result.totalPages} search={(n) => searchFor({ page: String(n) })} />
        )}
      </div>
    </>
  );
}
