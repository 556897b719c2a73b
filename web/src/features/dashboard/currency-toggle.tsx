import type { Currency } from '@/features/commerce/currency';
import { dashboardText } from '@/i18n/commerce';
import { cn } from '@/lib/utils';

const CURRENCIES: readonly Currency[] = ['USD', 'FCFA'];

/** USD / FCFA switch (two radio-like buttons); the choice is remembered by useCurrency. */
export function CurrencyToggle({ value, onChange }: { value: Currency; onChange(currency: Currency): void }) {
  return (
    <div role="radiogroup" aria-label={dashboardText.currency} className="inline-flex rounded-md border bg-muted p-1" data-testid="currency-toggle">
      {CURRENCIES.map((currency) => (
        <button
          key={currency}
          type="button"
          role="radio"
          aria-checked={value === currency}
          onClick={() => onChange(currency)}
          className={cn(
            'h-8 min-w-14 rounded-sm px-3 text-sm font-medium text-muted-foreground transition-colors focus-visible:outline-2 focus-visible:outline-ring',
            value === currency && 'bg-card text-foreground shadow-sm',
          )}
        >
          {currency}
        </button>
      ))}
    </div>
  );
}
