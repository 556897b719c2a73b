import { setServedCopy } from './offline-state';

/**
 * Registers /sw.js (web/public/sw.js) in production builds only: in Vite's dev server a worker
 * would serve stale modules. Called once where the app boots (main.tsx). Also listens for the
 * worker's word that an answer came from its cache ('Hors ligne') or from the network again.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof window === 'undefined' || !('serviceWorker' in navigator)) return;
  const sw = navigator.serviceWorker;
  sw.addEventListener('message', (event: MessageEvent<{ type?: string } | null>) => {
    if (event.data?.type === 'lbf-offline-copy') setServedCopy(true);
    else if (event.data?.type === 'lbf-network-ok') setServedCopy(false);
  });
  const register = () => {
    sw.register('/sw.js', { scope: '/', updateViaCache: 'none' })
      .then(async (registration) => {
        await sw.ready;
        // The shell kept for offline visits follows the deployment this page came from.
        if (navigator.onLine) (registration.active ?? sw.controller)?.postMessage({ type: 'lbf-refresh-shell' });
      })
      .catch(() => {
        // No worker (private mode, blocked): the site works as before, only without its offline copy.
      });
  };
  // After the page's own requests: the worker's precache must not compete with them.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
