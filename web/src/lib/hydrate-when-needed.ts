/**
 * When a server-rendered page becomes live (main.tsx). The page arrives complete: its text, images
 * and links work without the app, and taps on its buttons and forms are held until it is live
 * (index.html's inline script, lib/early-events.ts). Hydrating costs a slow phone a few hundred
 * milliseconds of busy main thread, during which it scrolls and answers nothing; a visitor who only
 * reads never needs it. So a visitor's page hydrates on the first sign that the app is wanted:
 *
 * - a touch, click, key press or focus anywhere (then the held tap is replayed once it is live);
 * - a part that only works live comes near the screen (`data-hydrate-on-view`: the home's live
 *   counters, the contact form);
 * - the page is an offline copy, or the connection drops (the 'Hors ligne' notice is the app's);
 * - the URL carries a request the app answers (`?payer=`: a payment button used before the page ran);
 * - the visitor made a choice kept in this browser that the page shows (see HydrateOptions).
 *
 * Once the session is known (main.tsx), a signed-in visitor's page hydrates at once: it shows their
 * own state, which the server's page (always a visitor's) does not; so does a page that shows a part
 * waiting for the session (`HYDRATE_WITH_SESSION`).
 */
import { OFFLINE_COPY_META } from './offline/offline-state';

declare global {
  interface Window {
    /** Set by index.html's inline script on a touch, key press or focus before the app's modules ran. */
    lbfAppWanted?: boolean;
  }
}

/** The attribute that marks a part of a page that only works once the page is live. */
export const HYDRATE_ON_VIEW = 'data-hydrate-on-view';

/**
 * The attribute that marks what waits for the session on the server's page (always rendered with
 * the session unknown): the header's sign-in slot, a guide's or a video's sign-in prompt. Once the
 * session is known, a page showing one on screen hydrates to show the answer (main.tsx).
 */
export const HYDRATE_WITH_SESSION = 'data-hydrate-with-session';

/**
 * Whether the page shows, on screen, a part that waits for the session: the header's slot is
 * there from tablet width up only (on a phone the menu shows the account links, once opened).
 */
export function showsSessionPlaceholder(doc: Document = document): boolean {
  return Array.from(doc.querySelectorAll(`[${HYDRATE_WITH_SESSION}]`)).some((el) => el.getClientRects().length > 0);
}

/** How far below the screen a `data-hydrate-on-view` part starts the app (it takes a moment). */
const VIEW_MARGIN = '300px 0px';

const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/** URL parameters the app answers as it starts. */
const APP_PARAMETERS = ['payer'];

export interface HydrateOptions {
  /**
   * The page shows something only this browser knows (its liked articles), which the
   * server's page (the same for everyone) cannot: it hydrates at once.
   */
  showsBrowserState?: () => boolean;
}

/** Calls `start` once, on the first of the triggers above; the returned function also starts it. */
export function hydrateWhenNeeded(start: () => void, options: HydrateOptions = {}, doc: Document = document): () => void {
  const win = doc.defaultView ?? window;
  let started = false;
  let observer: IntersectionObserver | null = null;
  const fire = () => {
    if (started) return;
    started = true;
    for (const type of INTERACTIONS) doc.removeEventListener(type, fire, true);
    win.removeEventListener('offline', fire);
    observer?.disconnect();
    start();
  };

  const params = new URLSearchParams(win.location.search);
  if (
    // A touch or key press before this module ran (index.html's inline script noted it).
    win.lbfAppWanted === true ||
    options.showsBrowserState?.() === true ||
    APP_PARAMETERS.some((name) => params.has(name)) ||
    win.navigator.onLine === false ||
    doc.querySelector(`meta[name="${OFFLINE_COPY_META}"]`)
  ) {
    fire();
    return fire;
  }

  for (const type of INTERACTIONS) doc.addEventListener(type, fire, { capture: true, passive: true });
  win.addEventListener('offline', fire);
  const parts = doc.querySelectorAll(`[${HYDRATE_ON_VIEW}]`);
  if (parts.length > 0) {
    if (typeof IntersectionObserver === 'undefined') {
      fire();
    } else {
      observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && fire(), { rootMargin: VIEW_MARGIN });
      parts.forEach((part) => observer!.observe(part));
    }
  }
  return fire;
}
