import { reviewsText } from '@/i18n/catalogue';
import { formatCount } from '@/lib/format/number';
import { formatRating } from '@/lib/format/catalogue';
import { cn } from '@/lib/utils';
import { StarRating } from './star-rating';

/**
 * An item's verified reviews in figures: its stars, the average (« 4,3 ») and the count
 * (« (12 avis) »). Nothing at all when it has none.
 */
export function RatingSummary({ average, count, className }: { average: number | null; count: number; className?: string }) {
  if (average === null || count < 1) return null;
  const value = formatRating(average);
  return (
    <span className={cn('inline-flex items-center gap-1.5', className)} data-testid="rating-summary">
      <StarRating value={average} label={reviewsText.average(value, count)} className="[&_svg]:size-3.5" />
      <span aria-hidden="true" className="font-medium text-foreground">
        {value}
      </span>
      <span aria-hidden="true">{reviewsText.count(formatCount(count))}</span>
    </span>
  );
}
