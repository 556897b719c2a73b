/**
 * The web app's route manifest (web/src/app/route-manifest.ts), from which the gateway's server-rendered
 * routes, their preloads and the sitemap are derived. It is an ES module of the web package, compiled
 * on its own by `tsc -b` (web/tsconfig.routes.json) and named `@lbf/web/routes`; Node (>= 20.19)
 * require()s it from the gateway's CommonJS, as beasties (critical-css.ts). Jest maps the name to the
 * source (jest.config.js).
 */
type WebRoutes = typeof import('@lbf/web/routes', { with: { 'resolution-mode': 'import' } });
export type { RouteSpec } from '@lbf/web/routes' with { 'resolution-mode': 'import' };

// eslint-disable-next-line @typescript-eslint/no-require-imports
const webRoutes = require('@lbf/web/routes') as WebRoutes;

export const { PREVIEW_MODULE, paths, shellPaths, patternRegExp } = webRoutes;
/** Every route of the web with its page (module, preloads, budget, sitemap), in the router's order. */
export const ROUTE_ENTRIES = webRoutes.routeManifest();
