import { useQuery } from '@/data/hooks';
import { useCallback, useSyncExternalStore } from 'react';
import { FCFA_PER_USD } from '@/lib/format/price';
import type { Currency } from './money';
import EXCHANGE_RATE_QUERY from './graphql/exchange-rate.query.graphql';

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

export { centsToXaf, formatAmount, formatUsdCents, formatXaf } from './money';
