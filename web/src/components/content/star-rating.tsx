import { Star } from 'lucide-react';
import { cn } from '@/lib/utils';

/** Five stars, `value` of them filled (rounded); the accessible name says the value in words. */
export function StarRating({ value, label, className }: { value: number; label: string; className?: string }) {
  const filled = Math.round(value);
  return (
    <span role="img" aria-label={label} className={cn('inline-flex items-center gap-0.5', className)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={cn('size-4', n <= filled ? 'fill-amber-400 text-amber-400' : 'fill-muted text-muted-foreground/40')}
        />
      ))}
    </span>
  );
}
