import { useQuery } from '@/data/hooks';
import { Link } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { fetchPolicies } from '@/data/fetch-policies';
import { Button } from '@/components/ui/button';
import { usePage } from '@/hooks/use-page';
import { catalogueText, newsText } from '@/i18n/catalogue';
import { fr } from '@/i18n/fr';
import { PageHero } from '../../components/layout/page-hero';
import { ArticleCard, ArticleCardSkeleton } from './article-card';
import { CategoryChips } from './category-chips';
import { EmptyState } from '../../components/states/empty-state';
import { PagedResults, pagedState } from '../../components/states/paged-results';
import { useListParams } from '../../components/states/use-list-params';
import { SearchBox } from '../../components/ui/search-box';
import { isArticleCategory, PAGE_SIZE, type ArticleCategory } from '../../lib/catalogue-types';
import NEWS_PAGE_QUERY from './graphql/news-page.query.graphql';

/** The news list: server-side search over title and excerpt, category buttons, 12 a page. */
export default function NewsPage() {
  usePage(fr.pages.news, { meta: { description: newsText.lead, canonicalPath: paths.news() } });
  const { params, update, search, page, onSearch, pageSearch } = useListParams();
  const rawCategory = params.get('category');
  const category = isArticleCategory(rawCategory) ? rawCategory : null;

  const query = useQuery(NEWS_PAGE_QUERY, {
    variables: {
      filter: { ...(search ? { search } : {}), ...(category ? { category } : {}) },
      page,
      pageSize: PAGE_SIZE,
    },
    fetchPolicy: fetchPolicies.catalogue,
  });

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
        <CategoryChips search={search} category={category} onChoose={(next: ArticleCategory | null) => update({ category: next })} />
        <PagedResults
          {...pagedState(query, (answer) => answer.articles)}
          grid={{ columns: 'md:grid-cols-2', testId: 'article-list', skeleton: <ArticleCardSkeleton />, skeletons: 4, loadingLabel: newsText.loading }}
          empty={
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
          }
          pageSearch={pageSearch}
        >
          {(article) => <ArticleCard article={article} />}
        </PagedResults>
      </div>
    </>
  );
}
