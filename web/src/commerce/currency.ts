import { useQuery } from '@apollo/client/react';
import { useCallback, useSyncExternalStore } from 'react';
import { FCFA_PER_USD, formatUsd, type Currency } from '@/lib/format/price';
import { EXCHANGE_RATE_QUERY } from './operations';

export type { Currency };

const STORAGE_KEY = 'lbf_currency';
const listeners = new Set<() => void>();

function read(): Currency {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'FCFA' ? 'FCFA' : 'USD';
  } catch {
    return 'USD';
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The currency the customer chose on the dashboard (USD by default), remembered in this browser. */
export function useCurrency(): [Currency, (currency: Currency) => void] {
  const currency = useSyncExternalStore(subscribe, read, () => 'USD' as Currency);
  const set = useCallback((next: Currency) => {
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Private mode: the choice lasts as long as the page.
    }
    listeners.forEach((listener) => listener());
  }, []);
  return [currency, set];
}

/** FCFA per USD from commerce (USD_XAF_RATE), the spec's 656 until it answers or when it cannot. */
export function useExchangeRate(): number {
  const { data } = useQuery(EXCHANGE_RATE_QUERY, { fetchPolicy: 'cache-first' });
  return data?.exchangeRate.xafPerUsd ?? FCFA_PER_USD;
}

/**
 * Whole FCFA for a price in US cents, rounded up as commerce charges it (an amount shown is the
 * amount charged): 359 cents at 656 is 2 356 FCFA.
 */
export function centsToXaf(usdCents: number, xafPerUsd: number): number {
  return Math.ceil((usdCents * xafPerUsd) / 100);
}

const fcfa = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/** "2 356 FCFA" (French grouping; the narrow no-break space of Intl becomes a plain no-break space). */
export function formatXaf(xaf: number): string {
  return `${fcfa.format(xaf).replace(/\u202f/g, '\u00a0')}\u00a0FCFA`;
}

export function formatUsdCents(usdCents: number): string {
  return formatUsd(usdCents / 100);
}

/**
 * One amount in one currency. `xaf` is commerce's own figure when known (quote, order); otherwise
 * it is computed from the cents at the rate.
 */
export function formatAmount(amount: { usdCents: number; xaf?: number | null }, currency: Currency, xafPerUsd: number): string {
  if (currency === 'USD') return formatUsdCents(amount.usdCents);
  return formatXaf(amount.xaf ?? centsToXaf(amount.usdCents, xafPerUsd));
}
