import { formatAmount, type Currency } from '@/features/commerce/currency';
import { priceFrom } from '@/i18n/commerce';

/** The currency the customer chose (USD or FCFA) and the rate that turns one into the other. */
export interface Money {
  currency: Currency;
  rate: number;
}

export function price(cents: number, money: Money): string {
  return formatAmount({ usdCents: cents }, money.currency, money.rate);
}

/** The price an item of the list costs ("$3.59"), or "dès $1.00" when they differ; null for an empty list. */
export function unitPrice(items: { priceCents: number }[], money: Money): string | null {
  if (items.length === 0) return null;
  const cents = items.map((i) => i.priceCents);
  const min = Math.min(...cents);
  return cents.every((c) => c === min) ? price(min, money) : priceFrom(price(min, money));
}
