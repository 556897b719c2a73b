import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { getSessionState, startSession } from '@/apollo/session';
import { readSsrPayload } from '@/apollo/ssr-state';
import { loadApolloOnFirstTouch } from '@/data/apollo';
import { registerHttpRefresher } from '@/data/refresh-session';
import { plantSeeds } from '@/data/seeds';
import { App } from './app';
import { preloadItemPreview, previewedItem } from './components/guards/require-user';
import { countServerRenderedPage } from './components/layout/use-signup-prompt';
import { recordServerRenderedVisit } from './hooks/use-page';
import { hasBrowserChoices } from './lib/browser-choices';
import { replayEarlyEvents } from './lib/early-events';
import { hydrateWhenNeeded, showsSessionPlaceholder } from './lib/hydrate-when-needed';
import { preloadPages } from './lib/lazy-page';
import { handOverSeenAnswers } from './lib/offline/seen-answers';
import { prepareClassMerge } from './lib/utils';
import { createAppRouter } from './routes';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

/** Public pages arrive rendered by the server (gateway/src/ssr) with the data they were rendered with. */
const ssr = readSsrPayload();
if (ssr) plantSeeds(ssr.answers);
registerHttpRefresher();

function browserAsksToSaveData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

/** Resolves in a new task (a message to ourselves: no timer clamping). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

const app = (router: ReturnType<typeof createAppRouter>) => (
  <StrictMode>
    <App
      router={router}
      lowData={ssr ? ssr.lowData : browserAsksToSaveData()}
      origin={ssr?.origin ?? window.location.origin}
    />
  </StrictMode>
);

if (ssr && root.firstElementChild) {
  // The page was rendered by the server: its visit counts now, whether or not it ever hydrates, and
  // so does the page towards the sign-up prompt (which then needs the page live to show).
  recordServerRenderedVisit(ssr.notFound === true);
  const promptDue = countServerRenderedPage();
  // preact/compat's hydrateRoot (web/vite.config.ts): it adopts the server's nodes and patches what
  // differs, so there is no recoverable-error callback to give it. The page's chunk comes first, so
  // that the hydrating render runs in the server's order (lib/lazy-page says why); a chunk that
  // fails to arrive is the route's error to show, after hydration.
  //
  // Start-up is cut into tasks of its own, each short enough for a slow phone to answer a tap or a
  // scroll in between (held taps are replayed after hydration): making the router (it matches the
  // URL; its matches, not a second matching of the table, say which page chunk to wait for),
  // tailwind-merge's class map (built on its first call), then the hydrating render.
  const hydrate = async () => {
    await nextTask();
    const router = createAppRouter();
    // A signed-out visitor's video or guide page is the preview RequireUser shows: fetched too.
    const pages = Promise.all([
      preloadPages(router.state.matches),
      !getSessionState().session && previewedItem(window.location.pathname) ? preloadItemPreview() : undefined,
    ]).catch(() => undefined);
    await nextTask();
    prepareClassMerge();
    await pages;
    await nextTask();
    hydrateRoot(root, app(router));
    replayEarlyEvents();
  };
  // A visitor's page hydrates when the app is wanted (lib/hydrate-when-needed.ts says when). Once the
  // session is known: a signed-in visitor's at once (the server's page is a visitor's), and a page
  // that shows a part waiting for the session or is due to invite the visitor to sign up. A visitor's
  // page hands the answers it was rendered with to the service worker, hydrated or not.
  const hydrateNow = hydrateWhenNeeded(() => void hydrate(), { showsBrowserState: hasBrowserChoices });
  void startSession().then(() => {
    if (getSessionState().session || showsSessionPlaceholder() || promptDue) hydrateNow();
    handOverSeenAnswers(ssr.answers);
  });
} else {
  createRoot(root).render(app(createAppRouter()));
  replayEarlyEvents();
}
loadApolloOnFirstTouch();
void import('./lib/offline').then(({ registerServiceWorker }) => registerServiceWorker());
