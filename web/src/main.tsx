import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { readSsrPayload } from '@/apollo/ssr-state';
import { loadApolloOnFirstTouch } from '@/data/apollo';
import { registerHttpRefresher } from '@/data/refresh-session';
import { plantSeeds } from '@/data/seeds';
import { App } from './app';
import { replayEarlyEvents } from './lib/early-events';
import { preloadPages } from './lib/lazy-page';
import { handOverSeenAnswers } from './lib/offline/seen-answers';
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

const router = createAppRouter();

/** Resolves in a new task (a message to ourselves: no timer clamping). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

const app = (
  <StrictMode>
    <App
      router={router}
      lowData={ssr ? ssr.lowData : browserAsksToSaveData()}
      origin={ssr?.origin ?? window.location.origin}
    />
  </StrictMode>
);

if (ssr && root.firstElementChild) {
  // preact/compat's hydrateRoot (web/vite.config.ts): it adopts the server's nodes and patches what
  // differs, so there is no recoverable-error callback to give it. The page's chunk comes first, so
  // that the hydrating render runs in the server's order (lib/lazy-page says why); a chunk that
  // fails to arrive is the route's error to show, after hydration.
  const hydrate = () => {
    hydrateRoot(root, app);
    replayEarlyEvents();
    handOverSeenAnswers(ssr.answers);
  };
  // The hydrating render in a task of its own, after the one that evaluated the modules: two shorter
  // tasks rather than one long one, so a slow phone answers a tap in between (held ones are replayed).
  // The router matched the URL when it was created: its matches, not a second matching of the table.
  preloadPages(router.state.matches)
    .catch(() => undefined)
    .then(nextTask)
    .then(hydrate);
} else {
  createRoot(root).render(app);
  replayEarlyEvents();
}
loadApolloOnFirstTouch();
void import('./lib/offline').then(({ registerServiceWorker }) => registerServiceWorker());
