/**
 * The <link> tags that let the browser fetch a server-rendered page's route chunk with the app's own
 * modules, once the app is wanted: without them the route's lazy chunk and its CSS are asked for only
 * once the app has run (one more round trip on a slow network, and unstyled markup meanwhile).
 * Read from Vite's build manifest (web/dist/.vite/manifest.json), as scripts/web-budget.js does.
 */
import { patternRegExp, PREVIEW_MODULE, ROUTE_ENTRIES } from './web-routes';

/** One chunk of Vite's manifest (the fields used here). */
export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

/**
 * The module each server-rendered path shows, derived from the web's route manifest: its `ssr`
 * routes, a previewed page (a video's or a guide's, RequireUser) showing a visitor the preview
 * module; paths match without regard to case or a trailing slash, as react-router does. Any other
 * rendered path is the 404 page (the manifest's '*').
 */
const ROUTES: ReadonlyArray<{ pattern: RegExp; module: string; with?: readonly string[] }> = ROUTE_ENTRIES.filter(
  ([, r]) => r.ssr && r.path !== '*',
).map(([, r]) => ({ pattern: patternRegExp(r.path.toLowerCase()), module: r.preview ? PREVIEW_MODULE : r.module, with: r.with }));
export const NOT_FOUND_MODULE = ROUTE_ENTRIES.find(([, r]) => r.path === '*')![1].module;
/** Every module ROUTES names, for the test that holds this table to the build. */
export const ROUTE_MODULES = [...new Set([...ROUTES.flatMap((r) => [r.module, ...(r.with ?? [])]), NOT_FOUND_MODULE])];

function routeOf(pathname: string) {
  let path = pathname.toLowerCase();
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return ROUTES.find((r) => r.pattern.test(path));
}

/** The route module a server-rendered URL path shows. */
export function routeModule(pathname: string): string {
  return routeOf(pathname)?.module ?? NOT_FOUND_MODULE;
}

/** The modules a server-rendered path fetches at once: its route module, then the chunks it renders beside it (`with`). */
export function routeModules(pathname: string): string[] {
  const route = routeOf(pathname);
  return route ? [route.module, ...(route.with ?? [])] : [NOT_FOUND_MODULE];
}

/** The URLs index.html already loads or preloads (the entry, its imports and CSS). */
export function referencedUrls(indexHtml: string): Set<string> {
  const urls = new Set<string>();
  for (const m of indexHtml.matchAll(/<(?:script|link)\b[^>]*?\s(?:src|href)="([^"]+)"/gi)) urls.add(m[1]!);
  return urls;
}

/**
 * The manifest key of a module's chunk: its path, or (for a module Vite made a shared chunk of, as
 * item-preview, keyed "_item-preview-<hash>.js") the one chunk named after it; null when the module
 * has no chunk of its own (a page bundled with the entry).
 */
export function chunkKey(manifest: ViteManifest, module: string): string | null {
  if (manifest[module]) return module;
  const name = module.replace(/^.*\//, '').replace(/\.[^.]+$/, '');
  const named = Object.keys(manifest).filter((key) => key.startsWith('_') && !manifest[key]!.src && manifest[key]!.name === name);
  // Another module of the same name (the page's strings, i18n/pages/item-preview.ts) is a chunk the
  // page's chunk imports: the page's is the one no namesake imports.
  const page = named.filter((key) => !named.some((other) => manifest[other]!.imports?.includes(key)));
  return page.length === 1 ? page[0]! : null;
}

/**
 * The tags for modules: a (deferred) modulepreload for each one's chunk and each chunk it imports statically
 * (transitively), a stylesheet for their CSS, each named once, none for what index.html references
 * already. Empty when no module has a chunk of its own (a page bundled with the entry) or is in the manifest.
 */
export function preloadTags(manifest: ViteManifest, modules: string | readonly string[], already: ReadonlySet<string>, base = '/'): string {
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    if (chunk.file.endsWith('.js')) scripts.push(chunk.file);
    for (const css of chunk.css ?? []) styles.push(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of typeof modules === 'string' ? [modules] : modules) {
    const key = chunkKey(manifest, module);
    if (key) visit(key);
  }
  const url = (file: string) => `${base}${file}`;
  const fresh = (files: string[]) => [...new Set(files.map(url))].filter((href) => !already.has(href));
  // crossorigin as Vite writes its own tags: the module loader and its CSS preloads then reuse these fetches.
  return [
    ...fresh(styles).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
    // Inert until the app is wanted: the page's entry then turns them into modulepreloads, with the
    // app's own (web/src/lib/module-links.ts; web/vite-plugin-modules-after-load.ts says why).
    ...fresh(scripts).map((href) => `<link rel="lbf-modulepreload" href="${href}">`),
  ].join('\n  ');
}

/** The tags for a path, worked out once per route. */
export function preloadsFor(manifest: ViteManifest | null, indexHtml: string): (pathname: string) => string {
  if (!manifest) return () => '';
  const already = referencedUrls(indexHtml);
  const byRoute = new Map<string, string>();
  return (pathname) => {
    const modules = routeModules(pathname);
    const id = modules.join(' ');
    let tags = byRoute.get(id);
    if (tags === undefined) {
      tags = preloadTags(manifest, modules, already);
      byRoute.set(id, tags);
    }
    return tags;
  };
}
