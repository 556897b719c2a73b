import { getSessionState, startSession } from '@/apollo/session';
import { readSsrPayload } from '@/apollo/ssr-state';
import { loadApolloOnFirstTouch } from '@/data/apollo';
import { registerHttpRefresher } from '@/data/refresh-session';
import { countServerRenderedPage } from './components/layout/signup-prompt-count';
import { isLessonRoute } from './features/player/lesson-routes';
import { recordServerRenderedVisit } from './hooks/page-visit';
import { hasBrowserChoices } from './lib/browser-choices';
import { hydrateWhenNeeded, showsSessionPlaceholder } from './lib/hydrate-when-needed';
import { applyStylesheets, namedAppModules, preloadAppModules } from './lib/module-links';
import { handOverPageModules, handOverSeenAnswers } from './lib/offline/seen-answers';
import './index.css';

/**
 * The page's start: what every page does before the app itself (start-app.tsx), which it imports
 * only when the app is wanted. Nothing here imports Preact, the router or the app's components: a
 * visitor who only reads a server-rendered page runs this module and no other (web/e2e/ssr.e2e.ts
 * holds that), and its session refresh and visit go out over plain HTTP with their text printed at
 * build time (data/post-operation.ts).
 */
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

/** Public pages arrive rendered by the server (gateway/src/ssr) with the data they were rendered with. */
const ssr = readSsrPayload();
registerHttpRefresher();

if (ssr && root.firstElementChild) {
  // The page was rendered by the server: its visit counts now, whether or not it ever hydrates, and
  // so does the page towards the sign-up prompt (which then needs the page live to show).
  recordServerRenderedVisit(ssr.notFound === true);
  const promptDue = countServerRenderedPage();
  // The site's stylesheet, the app's modules and the route's chunks (named in the page, not fetched
  // until now) come in parallel with start-app's own.
  const hydrate = () => {
    const styled = applyStylesheets();
    preloadAppModules();
    void import('./start-app').then(({ hydrateServerPage }) => hydrateServerPage(root, ssr, styled));
  };
  // A visitor's page hydrates when the app is wanted (lib/hydrate-when-needed.ts says when). Once the
  // session is known: a signed-in visitor's at once (the server's page is a visitor's), and a page
  // that shows a part waiting for the session or is due to invite the visitor to sign up. A visitor's
  // page hands the answers it was rendered with to the service worker, hydrated or not.
  const hydrateNow = hydrateWhenNeeded(hydrate, { showsBrowserState: hasBrowserChoices });
  void startSession().then(() => {
    // A signed-in viewer opening a lesson: its playback session and the first frame's files now,
    // over plain HTTP, beside the hydration rather than after it (features/player/early-session.ts).
    if (getSessionState().session && isLessonRoute(ssr.route)) {
      void import('./features/player/early-session').then(({ startPlaybackForPage }) => startPlaybackForPage(location.pathname));
    }
    if (getSessionState().session || showsSessionPlaceholder() || promptDue) hydrateNow();
    handOverSeenAnswers(ssr.answers);
  });
  // The modules the page would need to go live, named to the service worker at once (it fetches
  // them off this thread), so that the page's kept copy can go live offline.
  handOverPageModules(namedAppModules());
} else {
  void import('./start-app').then(({ renderApp }) => renderApp(root, ssr));
}
loadApolloOnFirstTouch();
void import('./lib/offline/register').then(({ registerServiceWorker }) => registerServiceWorker());
// This device keeps offline lessons: their licences are renewed now and whenever the network comes back.
if (keepsOfflineLessons()) void import('./features/offline-lessons/renewal').then(({ keepLicencesRenewed }) => keepLicencesRenewed());

function keepsOfflineLessons(): boolean {
  try {
    return localStorage.getItem('lbf-offline-lessons') !== null;
  } catch {
    return false;
  }
}
