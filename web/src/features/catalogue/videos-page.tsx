import { RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { paths } from '@/app/route-manifest';
import { Button } from '@/components/ui/button';
import { usePage } from '@/hooks/use-page';
import { catalogueText, videosText } from '@/i18n/catalogue';
import { fr } from '@/i18n/fr';
import { formatCount } from '@/lib/format/number';
import { CategoryTiles } from './components/category-tiles';
import { EmptyState } from '../../components/states/empty-state';
import { PagedResults } from '../../components/states/paged-results';
import { NewsletterBox } from '../newsletter/newsletter-box';
import { SearchBox } from '../../components/ui/search-box';
import { VideoCard, VideoCardSkeleton } from './components/video-card';
import { ActiveFilterBadges, activeFilterCount, VideoFilterPanel, VideoFilterToggle } from './components/video-filters';
import { useVideoFilters, useVideoResults } from './use-video-filters';

function VideosHero() {
  return (
    <section className="border-b bg-gradient-to-b from-accent/70 to-background">
      <div className="container-page flex flex-col gap-2 py-8 sm:py-12">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">{videosText.eyebrow}</p>
        <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">{videosText.title}</h1>
        <p className="max-w-2xl text-muted-foreground text-pretty">{videosText.lead}</p>
      </div>
    </section>
  );
}

/**
 * The video catalogue. Search, category, sort and page live in the URL (use-video-filters.ts);
 * the server searches, filters, sorts and paginates, 12 a page.
 */
export default function VideosPage() {
  usePage(fr.pages.videos, { meta: { description: videosText.lead, canonicalPath: paths.videos() } });
  const filters = useVideoFilters();
  const { state, onSearch, onCategory, onSort, onReset } = filters;
  const { list, categories } = useVideoResults(filters);
  const result = list.result;
  const panelId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);

  return (
    <>
      <VideosHero />
      <div className="container-page flex flex-col gap-10 py-8 sm:py-10">
        <div ref={filters.listTop} className="flex scroll-mt-20 flex-col gap-4">
          <div className="flex items-start gap-2 sm:gap-3">
            <SearchBox
              value={state.search}
              onSearch={onSearch}
              label={videosText.searchLabel}
              placeholder={videosText.searchPlaceholder}
              clearLabel={catalogueText.clearSearch}
              className="min-w-0 flex-1"
            />
            <VideoFilterToggle open={filtersOpen} onToggle={() => setFiltersOpen((open) => !open)} count={activeFilterCount(state)} controls={panelId} />
          </div>
          <VideoFilterPanel id={panelId} open={filtersOpen} state={state} onCategory={onCategory} onSort={onSort} onReset={onReset} />
          <ActiveFilterBadges state={state} onCategory={onCategory} onSort={onSort} onSearch={onSearch} />
          <p className="min-h-5 text-sm text-muted-foreground" aria-live="polite" data-testid="videos-total">
            {result ? videosText.results(formatCount(result.total), result.total) : ''}
          </p>
          <PagedResults
            {...list}
            grid={{ columns: 'sm:grid-cols-2 lg:grid-cols-3', testId: 'video-list', skeleton: <VideoCardSkeleton />, skeletons: 6, loadingLabel: videosText.loading }}
            empty={
              <EmptyState
                title={videosText.empty}
                text={videosText.emptyText}
                action={
                  activeFilterCount(state) > 0 ? (
                    <Button variant="outline" onClick={onReset}>
                      <RotateCcw aria-hidden="true" />
                      {videosText.reset}
                    </Button>
                  ) : undefined
                }
              />
            }
            pageSearch={filters.pageSearch}
          >
            {(video, index) => <VideoCard video={video} priority={index === 0} />}
          </PagedResults>
        </div>
        <CategoryTiles categories={categories} selected={state.category} onSelect={filters.pickCategory} />
        <NewsletterBox />
      </div>
    </>
  );
}
