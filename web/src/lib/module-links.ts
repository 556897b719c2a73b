/**
 * How a page names the app's modules and stylesheet without fetching them (web/vite-plugin-modules-after-load.ts
 * writes index.html's; the gateway adds a server-rendered page's route chunks the same way,
 * gateway/src/ssr/preloads.ts, and makes its stylesheet inert, gateway/src/ssr/critical-css.ts).
 * Nothing is fetched for these rels: the loader in index.html and main.tsx decide when.
 */

/** `<link rel="lbf-module">`: the entry module (main.tsx), which the loader starts. */
export const ENTRY_REL = 'lbf-module';

/**
 * `<link rel="lbf-modulepreload">`: a module the app needs to run (start-app.tsx and what it
 * imports, the route's chunks). The app shell preloads them at once; a server-rendered page only
 * once the app is wanted (main.tsx, `preloadAppModules`).
 */
export const PRELOAD_REL = 'lbf-modulepreload';

let preloaded = false;

/** Preloads the modules the page's `lbf-modulepreload` links name (once), as the loader does for the app shell. */
export function preloadAppModules(doc: Document = document): void {
  if (preloaded) return;
  preloaded = true;
  for (const link of Array.from(doc.querySelectorAll<HTMLLinkElement>(`link[rel="${PRELOAD_REL}"]`))) {
    const preload = doc.createElement('link');
    preload.rel = 'modulepreload';
    preload.crossOrigin = '';
    preload.href = link.href;
    doc.head.appendChild(preload);
  }
}

/**
 * `<link rel="lbf-stylesheet">`: the site's stylesheet on a server-rendered page, whose critical CSS
 * (inlined by the gateway) styles everything the server rendered. Applied when the app is wanted,
 * before it renders anything the server did not.
 */
export const STYLESHEET_REL = 'lbf-stylesheet';

let stylesheets: Promise<void> | null = null;

/** Applies the page's `lbf-stylesheet` links (once); resolves when each has loaded or failed. */
export function applyStylesheets(doc: Document = document): Promise<void> {
  stylesheets ??= Promise.all(
    Array.from(doc.querySelectorAll<HTMLLinkElement>(`link[rel="${STYLESHEET_REL}"]`)).map(
      (link) =>
        new Promise<void>((resolve) => {
          const sheet = doc.createElement('link');
          sheet.rel = 'stylesheet';
          sheet.crossOrigin = '';
          sheet.onload = () => resolve();
          sheet.onerror = () => resolve();
          sheet.href = link.href;
          link.after(sheet);
        }),
    ),
  ).then(() => undefined);
  return stylesheets;
}

/** The same-origin paths of the modules the page names for when the app is wanted. */
export function namedAppModules(doc: Document = document): string[] {
  return Array.from(doc.querySelectorAll<HTMLLinkElement>(`link[rel="${PRELOAD_REL}"]`), (link) => new URL(link.href).pathname);
}
