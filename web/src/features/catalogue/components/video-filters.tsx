import { RotateCcw, SlidersHorizontal, X } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { contentCategoryLabels, videosText } from '@/i18n/catalogue';
import { cn } from '@/lib/utils';
import { CONTENT_CATEGORIES, DEFAULT_VIDEO_SORT, VIDEO_SORTS, type ContentCategory, type VideoSortOption } from '@/lib/catalogue-types';

export interface VideoFilterState {
  search: string;
  category: ContentCategory | null;
  sort: VideoSortOption;
}

interface VideoFiltersProps {
  state: VideoFilterState;
  onCategory: (category: ContentCategory | null) => void;
  onSort: (sort: VideoSortOption) => void;
  onSearch: (search: string) => void;
  onReset: () => void;
}

export function activeFilterCount(state: VideoFilterState): number {
  return (state.search ? 1 : 0) + (state.category ? 1 : 0) + (state.sort !== DEFAULT_VIDEO_SORT ? 1 : 0);
}

/** The "Filtres" button that opens and closes the panel below (with the number of filters in force). */
export function VideoFilterToggle({ open, onToggle, count, controls }: { open: boolean; onToggle: () => void; count: number; controls: string }) {
  return (
    <Button variant="outline" className="h-11 shrink-0 px-3 sm:px-4" aria-expanded={open} aria-controls={controls} onClick={onToggle}>
      <SlidersHorizontal aria-hidden="true" />
      {/* On a phone the icon alone leaves the search field its width. */}
      <span className="sr-only sm:not-sr-only">{videosText.filters}</span>
      {count > 0 && (
        <Badge className="px-1.5 sm:ml-1" aria-hidden="true">
          {count}
        </Badge>
      )}
    </Button>
  );
}

/** The collapsible panel: category select, sort select, reset. */
export function VideoFilterPanel({
  id,
  open,
  state,
  onCategory,
  onSort,
  onReset,
}: Omit<VideoFiltersProps, 'onSearch'> & { id: string; open: boolean }) {
  return (
    <div
      id={id}
      hidden={!open}
      className="grid gap-4 rounded-lg border bg-card p-4 shadow-sm sm:grid-cols-[1fr_1fr_auto] sm:items-end"
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-category`}>{videosText.categoryLabel}</Label>
        <NativeSelect
          id={`${id}-category`}
          value={state.category ?? ''}
          onChange={(event) => onCategory((event.target.value || null) as ContentCategory | null)}
        >
          <option value="">{videosText.allCategories}</option>
          {CONTENT_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {contentCategoryLabels[category]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-sort`}>{videosText.sortLabel}</Label>
        <NativeSelect id={`${id}-sort`} value={state.sort} onChange={(event) => onSort(event.target.value as VideoSortOption)}>
          {(Object.keys(VIDEO_SORTS) as VideoSortOption[]).map((option) => (
            <option key={option} value={option}>
              {videosText.sorts[option]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button variant="outline" onClick={onReset} disabled={activeFilterCount(state) === 0}>
        <RotateCcw aria-hidden="true" />
        {videosText.reset}
      </Button>
    </div>
  );
}

/** One removable badge per filter in force (search, category, sort other than the default). */
export function ActiveFilterBadges({ state, onCategory, onSort, onSearch }: Omit<VideoFiltersProps, 'onReset'>) {
  const badges: Array<{ key: string; label: string; remove: () => void }> = [];
  if (state.search) badges.push({ key: 'search', label: videosText.searchBadge(state.search), remove: () => onSearch('') });
  if (state.category) {
    badges.push({ key: 'category', label: contentCategoryLabels[state.category], remove: () => onCategory(null) });
  }
  if (state.sort !== DEFAULT_VIDEO_SORT) {
    badges.push({ key: 'sort', label: videosText.sorts[state.sort], remove: () => onSort(DEFAULT_VIDEO_SORT) });
  }
  if (badges.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="active-filters">
      <span className="text-sm text-muted-foreground">{videosText.activeFilters} :</span>
      <ul className="flex flex-wrap gap-2">
        {badges.map((badge) => (
          <li key={badge.key}>
            <Badge variant="accent" className={cn('gap-1 py-1 pr-1 pl-3 text-sm')}>
              {badge.label}
              <button
                type="button"
                onClick={badge.remove}
                aria-label={videosText.removeFilter(badge.label)}
                className="grid size-6 place-items-center rounded-full hover:bg-primary/15 focus-visible:outline-2 focus-visible:outline-ring"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}
