import { Star } from 'lucide-react';
import { reviewsText as t } from '@/i18n/catalogue';
import { cn } from '@/lib/utils';

/**
 * 1 to 5 stars as a radio group: native radios (visually hidden), so Tab reaches the group, the
 * arrow keys move the choice and each star is named (« 4 étoiles sur 5 »); the chosen note's word
 * (« Très bien ») is shown beside.
 */
export function StarInput({
  name,
  value,
  onChange,
  labelledBy,
  invalid,
  describedBy,
}: {
  name: string;
  value: number;
  onChange(v: number): void;
  /** The visible label's id (« Votre note »). */
  labelledBy: string;
  invalid?: boolean;
  describedBy?: string;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div role="radiogroup" aria-labelledby={labelledBy} aria-invalid={invalid || undefined} aria-describedby={describedBy} className="flex items-center gap-1" data-testid="star-input">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="group relative cursor-pointer rounded-md p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring">
            <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} className="peer sr-only" aria-label={t.star(n)} />
            <Star aria-hidden="true" className={cn('size-7 transition-colors', n <= value ? 'fill-amber-400 text-amber-400' : 'fill-muted text-muted-foreground/50 group-hover:text-amber-400')} />
          </label>
        ))}
      </div>
      {value > 0 && (
        <span className="text-sm font-medium" aria-hidden="true">
          {t.starWords[value - 1]}
        </span>
      )}
    </div>
  );
}
