import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { videosText } from '@/i18n/catalogue';
import { formatCount } from '@/lib/format/number';
import { cn } from '@/lib/utils';
import type { VideoCategory } from '../operations/videos';
import type { ContentCategory } from '@/lib/catalogue-types';
import { CategoryIcon } from './category-icon';

interface CategoryTilesProps {
  categories: VideoCategory[] | undefined;
  selected: ContentCategory | null;
  onSelect: (category: ContentCategory) => void;
}

/** One tile per category with its number of videos ('vidéo(s) disponible(s)'); a tap applies the filter. */
export function CategoryTiles({ categories, selected, onSelect }: CategoryTilesProps) {
  return (
    <section aria-labelledby="categories-title" className="flex flex-col gap-4">
      <h2 id="categories-title" className="text-xl font-bold sm:text-2xl">
        {videosText.categoriesTitle}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {categories
          ? categories.map((category) => (
              <li key={category.id}>
                <button
                  type="button"
                  onClick={() => onSelect(category.id)}
                  aria-pressed={selected === category.id}
                  data-testid={`category-tile-${category.id}`}
                  className={cn(
                    'flex h-full w-full flex-col items-start gap-2 rounded-lg border bg-card p-4 text-left shadow-sm transition-colors hover:border-primary hover:bg-accent/50 focus-visible:outline-2 focus-visible:outline-ring',
                    selected === category.id && 'border-primary bg-accent',
                  )}
                >
                  <span className="grid size-10 place-items-center rounded-full bg-accent text-primary">
                    <CategoryIcon category={category.id} className="size-5" />
                  </span>
                  <span className="font-semibold">{category.label}</span>
                  <span className="text-xs text-muted-foreground">{videosText.categoryCount(formatCount(category.count))}</span>
                </button>
              </li>
            ))
          : Array.from({ length: 5 }, (_, i) => (
              <li key={i}>
                <Card className="flex flex-col gap-2 p-4">
                  <Skeleton className="size-10 rounded-full" />
                  <Skeleton className="h-5 w-20" />
                  <Skeleton className="h-4 w-28" />
                </Card>
              </li>
            ))}
      </ul>
    </section>
  );
}
