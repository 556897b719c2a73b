import { useApolloQuery } from '@/data/hooks';
import { useEffect, useRef } from 'react';
import { fetchPolicies } from '@/data/fetch-policies';
import { pagedState } from '@/components/states/paged-results';
import { useListParams } from '@/components/states/use-list-params';
import {
  DEFAULT_VIDEO_SORT,
  isContentCategory,
  isVideoSortOption,
  PAGE_SIZE,
  VIDEO_SORTS,
  type ContentCategory,
  type VideoSortOption,
} from '@/lib/catalogue-types';
import type { VideoFilterState } from './components/video-filters';
import VIDEOS_PAGE_QUERY from './operations/videos-page.query.graphql';

/**
 * The video catalogue's state in the URL (?q=&category=&sort=&page=, the footer links use
 * ?category=) and the ways to change it. Changing page brings the top of the list (`listTop`)
 * into view, not on first display; a tile picked below the list scrolls back up to it.
 */
export function useVideoFilters() {
  const { params, update, search, page, onSearch, pageSearch } = useListParams();
  const rawCategory = params.get('category');
  const rawSort = params.get('sort');
  const state: VideoFilterState = {
    search,
    category: isContentCategory(rawCategory) ? rawCategory : null,
    sort: isVideoSortOption(rawSort) ? rawSort : DEFAULT_VIDEO_SORT,
  };

  const listTop = useRef<HTMLDivElement>(null);
  const firstPage = useRef(page);
  useEffect(() => {
    if (page === firstPage.current) return;
    firstPage.current = page;
    listTop.current?.scrollIntoView({ block: 'start' });
  }, [page]);

  return {
    state,
    page,
    listTop,
    pageSearch,
    onSearch,
    onCategory: (category: ContentCategory | null) => update({ category }),
    onSort: (sort: VideoSortOption) => update({ sort: sort === DEFAULT_VIDEO_SORT ? null : sort }),
    onReset: () => update({ q: null, category: null, sort: null }),
    pickCategory: (category: ContentCategory) => {
      update({ category });
      listTop.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    },
    update,
  };
}

/**
 * The page of videos the filters ask for: the server searches (accents and case ignored), filters,
 * sorts and paginates, 12 a page. While new results load, the previous ones stay (dimmed) rather
 * than the grid collapsing.
 */
export function useVideoResults({ state, page, update }: Pick<ReturnType<typeof useVideoFilters>, 'state' | 'page' | 'update'>) {
  const query = useApolloQuery(VIDEOS_PAGE_QUERY, {
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

  // A page number past the end (a stale link, fewer results since): go to the last page.
  const lastPage = query.data?.videos.totalPages;
  useEffect(() => {
    if (lastPage !== undefined && page > lastPage) update({ page: String(lastPage) }, { replace: true });
  }, [lastPage, page, update]);

  return { list: pagedState(query, (answer) => answer.videos), categories: (query.data ?? query.previousData)?.videoCategories };
}
