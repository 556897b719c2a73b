import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { getSessionState } from '@/apollo/session';
import type { SsrPayload } from '@/apollo/ssr-state';
import { plantSeeds } from '@/data/seeds';
import { App } from './app';
import { preloadItemPreview, previewedItem } from './components/guards/require-user';
import { replayEarlyEvents } from './lib/early-events';
import { preloadPages } from './lib/lazy-page';
import { prepareClassMerge } from './lib/utils';
import { createAppRouter } from './routes';

/**
 * The app itself: Preact, the router, the layout and the pages. main.tsx imports this module only
 * when the app is wanted (at once for the app shell; for a server-rendered page, on the first sign
 * that the visitor wants it: lib/hydrate-when-needed.ts), so a visitor who only reads a page runs
 * none of it.
 */

/** Resolves in a new task (a message to ourselves: no timer clamping). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

const app = (router: ReturnType<typeof createAppRouter>, lowData: boolean, origin: string) => (
  <StrictMode>
    <App router={router} lowData={lowData} origin={origin} />
  </StrictMode>
);

/**
 * Makes a server-rendered page live. preact/compat's hydrateRoot (web/vite.config.ts): it adopts the
 * server's nodes and patches what differs, so there is no recoverable-error callback to give it. The
 * page's chunk comes first, so that the hydrating render runs in the server's order (lib/lazy-page
 * says why); a chunk that fails to arrive is the route's error to show, after hydration.
 *
 * Start-up is cut into tasks of its own, each short enough for a slow phone to answer a tap or a
 * scroll in between (held taps are replayed after hydration): making the router (it matches the
 * URL; its matches, not a second matching of the table, say which page chunk to wait for),
 * tailwind-merge's class map (built on its first call), then the hydrating render, once the site's
 * stylesheet applies (`styled`: what the app renders next, a menu or a dialog, needs its rules).
 */
export async function hydrateServerPage(root: HTMLElement, ssr: SsrPayload, styled: Promise<void>): Promise<void> {
  // The answers the page was rendered with: its hydrating render reads them (data/seeds.ts).
  plantSeeds(ssr.answers);
  await nextTask();
  const router = createAppRouter();
  // A signed-out visitor's video or guide page is the preview RequireUser shows: fetched too.
  const pages = Promise.all([
    preloadPages(router.state.matches),
    !getSessionState().session && previewedItem(window.location.pathname) ? preloadItemPreview() : undefined,
  ]).catch(() => undefined);
  await nextTask();
  prepareClassMerge();
  await Promise.all([pages, styled]);
  await nextTask();
  hydrateRoot(root, app(router, ssr.lowData, ssr.origin));
  replayEarlyEvents();
}

function browserAsksToSaveData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

/** Renders the page in an empty #root: the app shell (signed-in pages), or a server page that came without its markup. */
export function renderApp(root: HTMLElement, ssr: SsrPayload | null): void {
  if (ssr) plantSeeds(ssr.answers);
  createRoot(root).render(app(createAppRouter(), ssr ? ssr.lowData : browserAsksToSaveData(), ssr?.origin ?? window.location.origin));
  replayEarlyEvents();
}
