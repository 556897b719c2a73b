import { PUBLIC_PAGES } from '../../../scripts/web-budget.js';
import { articlePath, pdfPath, STATIC_PATHS, videoPath } from '../seo/sitemap';
import { NOT_FOUND_MODULE, ROUTE_MODULES, routeModules } from './preloads';
import { isServerRendered } from './routes';
import { paths, PREVIEW_MODULE, ROUTE_ENTRIES } from './web-routes';

/** A path the route's pattern matches (its parameters filled in, a splat given one segment). */
const sample = (pattern: string) => (pattern === '*' ? '/nimporte-quoi' : pattern).replace(/:[^/]+/g, 'x1').replace(/\*$/, 'quelque-chose');

/**
 * The gateway's server-rendered routes, their preloads, the sitemap and the build's budget are all
 * derived from the web's route manifest (web/src/app/route-manifest.ts): these hold them to it.
 */
describe('what is derived from the web route manifest', () => {
  it.each(ROUTE_ENTRIES.map(([key, r]) => [key, r] as const))('%s: rendered by the server exactly when the manifest says ssr', (_key, route) => {
    expect([route.path, isServerRendered(sample(route.path))]).toEqual([route.path, route.ssr]);
  });

  it.each(ROUTE_ENTRIES.filter(([, r]) => r.ssr).map(([key, r]) => [key, r] as const))('%s: preloads the module the manifest names', (_key, route) => {
    const shown = route.preview ? PREVIEW_MODULE : route.module;
    expect(routeModules(sample(route.path))).toEqual([shown, ...(route.with ?? [])]);
  });

  it('names no module the manifest does not (the 404 being its "*")', () => {
    const named = new Set(ROUTE_ENTRIES.flatMap(([, r]) => [r.module, ...(r.with ?? [])]).concat(PREVIEW_MODULE));
    for (const module of ROUTE_MODULES) expect([module, named.has(module)]).toEqual([module, true]);
    expect(ROUTE_ENTRIES.find(([, r]) => r.path === '*')?.[1].module).toBe(NOT_FOUND_MODULE);
  });

  it('budgets the manifest’s budgeted pages, in its order', () => {
    const budgeted = ROUTE_ENTRIES.filter(([, r]) => r.budget).map(([, r]) => ({ page: r.path === '*' ? '404' : r.path, route: r.module }));
    expect(PUBLIC_PAGES).toEqual(budgeted);
    // Only public, server-rendered pages are held to the first-visit budget.
    for (const [, r] of ROUTE_ENTRIES.filter(([, r]) => r.budget)) expect([r.path, r.guard, r.ssr]).toEqual([r.path, 'visitor', true]);
  });

  it('lists the manifest’s sitemap pages and writes item paths with its path builders', () => {
    expect(STATIC_PATHS).toEqual(ROUTE_ENTRIES.filter(([, r]) => r.sitemap).map(([, r]) => r.path));
    for (const path of STATIC_PATHS) expect([path, isServerRendered(path)]).toEqual([path, true]);
    expect([articlePath('a&b'), videoPath('v 1'), pdfPath(7)]).toEqual([paths.article('a&b'), paths.video('v 1'), paths.pdf(7)]);
    expect([articlePath('a&b'), videoPath('v 1'), pdfPath(7)]).toEqual(['/actualites/a%26b', '/videos/v%201', '/pdfs/7']);
  });
});
