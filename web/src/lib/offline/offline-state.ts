/**
 * Whether the page shows an offline copy: the browser says it is offline, or the service worker
 * answered from its cache (a page marked <meta name="lbf-offline-copy">, or a query it told us
 * about). Cleared when the browser is back online or the worker says the network answered again.
 */
export const OFFLINE_COPY_META = 'lbf-offline-copy';

let servedCopy = false;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** The service worker served the last copy it kept (or, with false, the network answered again). */
export function setServedCopy(on: boolean): void {
  if (servedCopy === on) return;
  servedCopy = on;
  emit();
}

function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

export function isOffline(): boolean {
  return browserOffline() || servedCopy;
}

let watching = false;
function watch(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  if (document.querySelector(`meta[name="${OFFLINE_COPY_META}"]`)) servedCopy = true;
  window.addEventListener('online', () => {
    servedCopy = false;
    emit();
  });
  window.addEventListener('offline', emit);
}

/** Listens for changes of isOffline() (lib/offline/use-offline.ts, the hook); returns how to stop. */
export function subscribeOffline(listener: () => void): () => void {
  watch();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
