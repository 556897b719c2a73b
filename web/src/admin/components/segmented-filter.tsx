import { cn } from '@/lib/utils';

/**
 * A filter on a few values shown side by side ('Tous', 'Publié', 'Brouillon'): toggle buttons in a
 * named group, the chosen one pressed.
 */
export function SegmentedFilter<T>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange(value: T): void;
}) {
  return (
    <div role="group" aria-label={label} className="mb-4 inline-flex rounded-md border bg-muted p-1">
      {options.map((option) => (
        <button
          key={option.label}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={cn(
            'rounded-sm px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors focus-visible:outline-2 focus-visible:outline-ring',
            value === option.value && 'bg-card text-foreground shadow-sm',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
