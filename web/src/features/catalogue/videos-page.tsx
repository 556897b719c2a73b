import { useApolloQuery } from '@/data/hooks';
import { RotateCcw } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { paths } from '@/app/route-manifest';
import { fetchPolicies } from '@/data/fetch-policies';
import { Button } from '@/components/ui/button';
import { usePage } from '@/hooks/use-page';
import { catalogueText, videosText } from '@/i18n/catalogue';
import { fr } from '@/i18n/fr';
import { formatCount } from '@/lib/format/number';
import { cn } from '@/lib/utils';
import { CategoryTiles } from './components/category-tiles';
import { EmptyState } from '../../components/states/empty-state';
import { LoadError } from '../../components/states/load-error';
import { NewsletterBox } from '../newsletter/newsletter-box';
import { Pagination } from '../../components/ui/pagination';
import { SearchBox } from '../../components/ui/search-box';
import { VideoCard, VideoCardSkeleton } from './components/video-card';
import {
  ActiveFilterBadges,
  activeFilterCount,
  VideoFilterPanel,
  VideoFilterToggle,
  type VideoFilterState,
} from './components/video-filters';
import { useUrlParams } from '../../hooks/use-url-params';
import { VIDEOS_PAGE_QUERY } from './operations/videos';
import {
  DEFAULT_VIDEO_SORT,
  isContentCategory,
  isVideoSortOption,
  PAGE_SIZE,
  parsePage,
  VIDEO_SORTS,
  type ContentCategory,
  type VideoSortOption,
} from '../../lib/catalogue-types';

/**
 * The video catalogue. Search, category, sort and page live in the URL (?q=&category=&sort=&page=,
 * the footer links use ?category=); the server searches (accents and case ignored), filters,
 * sorts and paginates, 12 a page.
 */
export default function VideosPage() {
  usePage(fr.pages.videos, { meta: { description: videosText.lead, canonicalPath: paths.videos() } });
  const { params, update, searchFor } = useUrlParams();
  const rawCategory = params.get('category');
  const rawSort = params.get('sort');
  const state: VideoFilterState = {
    search: params.get('q')?.trim() ?? '',
    category: isContentCategory(rawCategory) ? rawCategory : null,
    sort: isVideoSortOption(rawSort) ? rawSort : DEFAULT_VIDEO_SORT,
  };
  const page = parsePage(params.get('page'));
  const panelId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);

  const { data, previousData, loading, error, refetch } = useApolloQuery(VIDEOS_PAGE_QUERY, {
    variables: {
      filter: {
        ...(state.search ? { search: state.search } : {}),
        ...(state.category ? { category: state.category } : {}),
      },
      sort: VIDEO_SORTS[state.sort],
      page,
      pageSize: PAGE_SIZE,
    },
    fetchPolicy: fetchPolicies.catalogue,
  });
  // While new results load, the previous ones stay (dimmed) rather than the grid collapsing.
  const shown = data ?? previousData;
  const result = shown?.videos;

  const onSearch = useCallback((search: string) => update({ q: search }, { replace: true }), [update]);
  const onCategory = (category: ContentCategory | null) => update({ category });
  const onSort = (sort: VideoSortOption) => update({ sort: sort === DEFAULT_VIDEO_SORT ? null : sort });
  const onReset = () => update({ q: null, category: null, sort: null });

  // A page number past the end (a stale link, fewer results since): go to the last page.
  const lastPage = data?.videos.totalPages;
  useEffect(() => {
    if (lastPage !== undefined && page > lastPage) update({ page: String(lastPage) }, { replace: true });
  }, [lastPage, page, update]);

  // Changing page brings the top of the list into view (not on first display).
  const listTop = useRef<HTMLDivElement>(null);
  const firstPage = useRef(page);
  useEffect(() => {
    if (page === firstPage.current) return;
    firstPage.current = page;
    listTop.current?.scrollIntoView({ block: 'start' });
  }, [page]);

  const pickCategory = (category: ContentCategory) => {
    update({ category });
    listTop.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  const resetButton = (
    <Button variant="outline" onClick={onReset}>
      <RotateCcw aria-hidden="true" />
      {videosText.reset}
    </Button>
  );

  return (
    <>
      <section className="border-b bg-gradient-to-b from-accent/70 to-background">
        <div className="container-page flex flex-col gap-2 py-8 sm:py-12">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">{videosText.eyebrow}</p>
          <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">{videosText.title}</h1>
          <p className="max-w-2xl text-muted-foreground text-pretty">{videosText.lead}</p>
        </div>
      </section>

      <div className="container-page flex flex-col gap-10 py-8 sm:py-10">
        <div ref={listTop} className="flex scroll-mt-20 flex-col gap-4">
          <div className="flex items-start gap-2 sm:gap-3">
            <SearchBox
              value={state.search}
              onSearch={onSearch}
              label={videosText.searchLabel}
              placeholder={videosText.searchPlaceholder}
              clearLabel={catalogueText.clearSearch}
              className="min-w-0 flex-1"
            />
            <VideoFilterToggle
              open={filtersOpen}
              onToggle={() => setFiltersOpen((open) => !open)}
              count={activeFilterCount(state)}
              controls={panelId}
            />
          </div>
          <VideoFilterPanel
            id={panelId}
            open={filtersOpen}
            state={state}
            onCategory={onCategory}
            onSort={onSort}
            onReset={onReset}
          />
          <ActiveFilterBadges state={state} onCategory={onCategory} onSort={onSort} onSearch={onSearch} />
          <p className="min-h-5 text-sm text-muted-foreground" aria-live="polite" data-testid="videos-total">
            {result ? videosText.results(formatCount(result.total), result.total) : ''}
          </p>

          {error ? (
            <LoadError onRetry={() => void refetch()} />
          ) : !result ? (
            <div aria-busy="true">
              <p role="status" className="sr-only">
                {videosText.loading}
              </p>
              <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
                {Array.from({ length: 6 }, (_, i) => (
                  <li key={i}>
                    <VideoCardSkeleton />
                  </li>
                ))}
              </ul>
            </div>
          ) : result.items.length === 0 ? (
            <EmptyState
              title={videosText.empty}
              text={videosText.emptyText}
              action={activeFilterCount(state) > 0 ? resetButton : undefined}
            />
          ) : (
            <ul
              className={cn('grid gap-5 transition-opacity sm:grid-cols-2 lg:grid-cols-3', loading && 'opacity-60')}
              aria-busy={loading}
              data-testid="video-list"
            >
              {result.items.map((video, index) => (
                <li key={video.id} className="flex">
                  <VideoCard video={video} priority={index === 0} />
                </li>
              ))}
            </ul>
          )}

          {result && !error && (
            <Pagination page={result.page} totalPages={result.totalPages} search={(n) => searchFor({ page: String(n) })} />
          )}
        </div>

        <CategoryTiles categories={shown?.videoCategories} selected={state.category} onSelect={pickCategory} />

        <NewsletterBox />
      </div>
    </>
  );
}
