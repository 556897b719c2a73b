import { lazy, Suspense, useSyncExternalStore, type ComponentProps } from 'react';

/**
 * Toasts without sonner in the first download: `toast.success(...)` and friends load sonner on
 * first use (or once the page is idle, see `preloadToasts`), then show the toast. Sonner replays
 * toasts created before its <Toaster> subscribed, so nothing said early is lost.
 */
type Sonner = typeof import('sonner');
type SonnerToast = Sonner['toast'];

let sonner: Promise<Sonner> | null = null;
let requested = false;
const listeners = new Set<() => void>();

function load(): Promise<Sonner> {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  sonner ??= import('sonner');
  return sonner;
}

function later<A extends unknown[]>(pick: (toast: SonnerToast) => (...args: A) => unknown) {
  return (...args: A): void => {
    void load().then(({ toast }) => pick(toast)(...args));
  };
}

export const toast = Object.assign(later<Parameters<SonnerToast>>((t) => t), {
  success: later<Parameters<SonnerToast['success']>>((t) => t.success),
  error: later<Parameters<SonnerToast['error']>>((t) => t.error),
  info: later<Parameters<SonnerToast['info']>>((t) => t.info),
  dismiss: later<Parameters<SonnerToast['dismiss']>>((t) => t.dismiss),
});

/**
 * Fetches sonner while the browser is idle, so the first toast (even offline) shows at once. Called
 * as the app renders (a visitor who only reads a page never downloads it). The service worker keeps
 * it from its install on (web/vite-plugin-offline-code.ts), for a page that goes live offline.
 */
export function preloadToasts(): void {
  const start = () => void load().catch(() => undefined);
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 4000 });
  else setTimeout(start, 2000);
}

/**
 * A sonner that cannot be fetched (offline before it ever was) is no toaster rather than a page
 * error; toast() asks for it again later.
 */
const NoToaster = (() => null) as unknown as Sonner['Toaster'];
const SonnerToaster = lazy(() =>
  load().then(
    (m) => ({ default: m.Toaster }),
    () => {
      sonner = null;
      return { default: NoToaster };
    },
  ),
);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** sonner's <Toaster>, mounted once a toast is asked for or the page has gone idle. */
export function Toaster(props: ComponentProps<Sonner['Toaster']>) {
  const active = useSyncExternalStore(subscribe, () => requested, () => false);
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster {...props} />
    </Suspense>
  );
}
