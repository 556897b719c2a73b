import { articleCategoryLabels, newsText } from '@/i18n/catalogue';
import { ARTICLE_CATEGORIES, type ArticleCategory } from '@/lib/catalogue-types';
import { cn } from '@/lib/utils';

const chip =
  'inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring';

/**
 * The news categories ('Toutes' first), the chosen one pressed. A GET form: a category tapped
 * before the JavaScript has arrived still filters, on the server-rendered page; once hydrated,
 * the router does it without reloading (`onChoose`).
 */
export function CategoryChips({
  search,
  category,
  onChoose,
}: {
  search: string;
  category: ArticleCategory | null;
  onChoose(next: ArticleCategory | null): void;
}) {
  return (
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
              onChoose(value);
            }}
            className={cn(chip, 'shrink-0', active ? 'border-primary bg-primary text-primary-foreground' : 'bg-card hover:bg-accent')}
          >
            {value ? articleCategoryLabels[value] : newsText.all}
          </button>
        );
      })}
    </form>
  );
}
