/**
 * The web app's route manifest: every page of the site, once. Everything else is derived from it:
 * the router (web/src/routes.tsx, which adds each page's lazy import by key), the visitor's previews
 * (components/guards/require-user.tsx), the private paths (lib/meta-tags.ts), the gateway's
 * server-rendered routes and chunk preloads (gateway/src/ssr), the sitemap (gateway/src/seo) and the
 * pages the build's JavaScript budget measures (scripts/web-budget.js). Links are written with the
 * path builders below (`paths.article(id)`), never by hand.
 *
 * ROUTES is what the browser reads (path, guard, layout, server-rendered, previewed); PAGES what only
 * the server and the build read (module, preloads, budget, sitemap), through routeManifest(), so that
 * the app's bundle leaves it out: every first visit downloads ROUTES and the builders (with the vendor
 * chunk, web/vite.config.ts).
 *
 * Plain data and functions, no import at all: the gateway (CommonJS, Node) and the budget script load
 * it without React or the DOM. `tsc -b` compiles it alone (web/tsconfig.routes.json, lib without
 * DOM) into web/dist-routes/route-manifest.js, which Node knows as `@lbf/web/routes` (web/package.json
 * "exports"); jest maps that name to this file (jest.config.js).
 */

/** Who may open a page: anyone, a signed-in user (RequireUser), an administrator (RequireAdmin). */
export type Guard = 'visitor' | 'customer' | 'admin';

/** The kind of public preview RequireUser shows a visitor on a customer page (features/catalogue/item-preview.tsx). */
export type PreviewKind = 'video' | 'pdf';

/** What the browser reads of a route (the router, RequireUser's previews, the private paths). */
export interface RouteSpec {
  /** The react-router pattern, from the root ('/' is the home, '*' any other path: the 404). */
  path: string;
  guard: Guard;
  /** Inside the site's header and footer, or a page of its own (the admin area and its login). */
  layout: 'site' | 'full-page';
  /**
   * The gateway renders it on the server (as a visitor sees it). The signed-in and token pages are
   * not (the plain app shell): a visitor would only see a spinner, and they are never worth caching.
   */
  ssr: boolean;
  /** A customer page whose public preview a visitor sees instead (and the server renders). */
  preview?: PreviewKind;
}

/** What the server and the build read of a route's page (PAGES). */
export interface PageSpec {
  /** The page's module, as Vite's build manifest names it (web/dist/.vite/manifest.json). */
  module: string;
  /** Chunks the page renders beside its own once live, fetched with it (the gateway's preloads). */
  with?: readonly string[];
  /** A public page whose first visit's JavaScript the build measures and holds to its budget. */
  budget?: boolean;
  /** Listed in sitemap.xml as it is (its text ships with the app); dated pages are listed by gateway/src/seo. */
  sitemap?: boolean;
}

/** The module RequireUser shows a visitor on a previewed page (what the server renders there). */
export const PREVIEW_MODULE = 'src/features/catalogue/item-preview.tsx';

/**
 * Every route, in the router's order. The order also gives the budget table's rows and the sitemap's
 * static pages. Paths match without regard to case or a trailing slash, as react-router does.
 */
export const ROUTES = {
  home: { path: '/', guard: 'visitor', layout: 'site', ssr: true },
  news: { path: '/actualites', guard: 'visitor', layout: 'site', ssr: true },
  article: { path: '/actualites/:id', guard: 'visitor', layout: 'site', ssr: true },
  articleShort: { path: '/actualite/:id', guard: 'visitor', layout: 'site', ssr: true },
  about: { path: '/about', guard: 'visitor', layout: 'site', ssr: true },
  faq: { path: '/faq', guard: 'visitor', layout: 'site', ssr: true },
  contact: { path: '/contact', guard: 'visitor', layout: 'site', ssr: true },
  terms: { path: '/terms', guard: 'visitor', layout: 'site', ssr: true },
  privacy: { path: '/privacy', guard: 'visitor', layout: 'site', ssr: true },
  auth: { path: '/auth', guard: 'visitor', layout: 'site', ssr: false },
  // The newsletter mails' links: public, the token in the path.
  newsletterConfirmation: { path: '/newsletter/confirmation/:token', guard: 'visitor', layout: 'site', ssr: false },
  newsletterUnsubscribe: { path: '/newsletter/desinscription/:token', guard: 'visitor', layout: 'site', ssr: false },
  // « Payer pour moi »: a link anyone pays, no account; the token in the path.
  payLink: { path: '/payer-pour-moi/:token', guard: 'visitor', layout: 'site', ssr: false },
  // « Offrir »: a gift's claim link; the page asks a visitor to sign in or up, then comes back.
  gift: { path: '/cadeau/:token', guard: 'visitor', layout: 'site', ssr: false },
  videos: { path: '/videos', guard: 'customer', layout: 'site', ssr: false },
  video: { path: '/videos/:id', guard: 'customer', layout: 'site', ssr: true, preview: 'video' },
  videoShort: { path: '/video/:id', guard: 'customer', layout: 'site', ssr: true, preview: 'video' },
  pdfs: { path: '/pdfs', guard: 'customer', layout: 'site', ssr: false },
  pdf: { path: '/pdfs/:id', guard: 'customer', layout: 'site', ssr: true, preview: 'pdf' },
  // One route for the tabs (/dashboard, /dashboard/achats, /dashboard/messages, /dashboard/donnees): switching keeps the page mounted.
  dashboard: { path: '/dashboard/*', guard: 'customer', layout: 'site', ssr: false },
  receipt: { path: '/recu/:orderId', guard: 'customer', layout: 'site', ssr: false },
  paymentReturn: { path: '/paiement/retour', guard: 'customer', layout: 'site', ssr: false },
  payment: { path: '/paiement/:orderId', guard: 'customer', layout: 'site', ssr: false },
  notFound: { path: '*', guard: 'visitor', layout: 'site', ssr: true },
  adminLogin: { path: '/admin/login', guard: 'visitor', layout: 'full-page', ssr: false },
  admin: { path: '/admin/*', guard: 'admin', layout: 'full-page', ssr: false },
} as const satisfies Record<string, RouteSpec>;

export type RouteKey = keyof typeof ROUTES;

/**
 * Each route's page as the server and the build know it (its module, what it fetches beside it,
 * budgeted, in the sitemap): read through routeManifest(), never by the browser's code, so that it is
 * left out of the app's bundle (what every first visit downloads).
 */
export const PAGES: { readonly [K in RouteKey]: PageSpec } = {
  home: { module: 'src/features/home/home-page.tsx', budget: true },
  news: { module: 'src/features/news/news-page.tsx', budget: true },
  article: { module: 'src/features/news/article-page.tsx', budget: true },
  articleShort: { module: 'src/features/news/article-page.tsx' },
  about: { module: 'src/features/about/about-page.tsx', budget: true, sitemap: true },
  faq: { module: 'src/features/faq/faq-page.tsx', budget: true, sitemap: true },
  // The contact form is a chunk of its own (~25 kB), rendered once the page is live: fetched beside the page's.
  contact: { module: 'src/features/contact/contact-page.tsx', with: ['src/features/contact/contact-form.tsx'], budget: true, sitemap: true },
  terms: { module: 'src/features/legal/terms-page.tsx', budget: true, sitemap: true },
  privacy: { module: 'src/features/legal/privacy-page.tsx', budget: true, sitemap: true },
  auth: { module: 'src/features/account/auth-page.tsx' },
  newsletterConfirmation: { module: 'src/features/newsletter/confirmation-page.tsx' },
  newsletterUnsubscribe: { module: 'src/features/newsletter/unsubscribe-page.tsx' },
  payLink: { module: 'src/features/pay-links/pay-link-page.tsx' },
  gift: { module: 'src/features/gifts/gift-page.tsx' },
  videos: { module: 'src/features/catalogue/videos-page.tsx' },
  video: { module: 'src/features/catalogue/video-detail-page.tsx' },
  videoShort: { module: 'src/features/catalogue/video-detail-page.tsx' },
  pdfs: { module: 'src/features/catalogue/pdfs-page.tsx' },
  pdf: { module: 'src/features/catalogue/pdf-detail-page.tsx' },
  dashboard: { module: 'src/features/dashboard/dashboard-page.tsx' },
  receipt: { module: 'src/features/commerce/receipt-page.tsx' },
  paymentReturn: { module: 'src/features/commerce/payment-return-page.tsx' },
  payment: { module: 'src/features/commerce/payment-return-page.tsx' },
  notFound: { module: 'src/app/not-found-page.tsx', budget: true },
  adminLogin: { module: 'src/features/account/admin-login-page.tsx' },
  admin: { module: 'src/admin/admin-area.tsx' },
};

/** The routes as [key, spec] pairs, in order (what the browser reads). */
export const ROUTE_ENTRIES = Object.entries(ROUTES) as ReadonlyArray<[RouteKey, RouteSpec]>;

/** Every route with its page, in order: what the gateway and the build derive from. */
export function routeManifest(): ReadonlyArray<[RouteKey, RouteSpec & PageSpec]> {
  return ROUTE_ENTRIES.map(([key, route]) => [key, { ...route, ...PAGES[key] }]);
}

/** The sections of the admin area (admin/admin-area.tsx), for paths.admin(section). */
export type AdminSection =
  | 'settings'
  | 'users'
  | 'videos'
  | 'pdfs'
  | 'payments'
  | 'articles'
  | 'testimonials'
  | 'reviews'
  | 'stats'
  | 'newsletter'
  | 'messages'
  | 'contact'
  | 'emails'
  | 'journal'
  | 'promo'
  | 'api'
  | 'webhooks';

/** The dashboard's tabs other than the library (/dashboard). */
export type DashboardTab = 'achats' | 'cadeaux' | 'messages' | 'donnees';

/** The values a route's path takes: one per parameter, and the rest of a final '*' (a tab, a section) if any. */
type ParamsOf<K extends RouteKey, P extends string = (typeof ROUTES)[K]['path']> = P extends `${string}:${string}/${infer Rest}`
  ? [string | number, ...ParamsOf<K, `/${Rest}`>]
  : P extends `${string}:${string}`
    ? [string | number]
    : P extends `${string}/*`
      ? [rest?: K extends 'dashboard' ? DashboardTab : K extends 'admin' ? AdminSection : string]
      : [];

/**
 * The path of a route, its parameters filled in (each encoded as a path segment) and the rest of a
 * final '*' appended when given ('/dashboard' or '/dashboard/achats').
 */
export function pathTo<K extends RouteKey>(key: K, ...params: ParamsOf<K>): string {
  const values: Array<string | number | undefined> = params;
  let i = 0;
  const path = ROUTES[key].path.replace(/:\w+/g, () => encodeURIComponent(String(values[i++])));
  if (!path.endsWith('/*')) return path;
  const rest = values[i];
  return rest === undefined ? path.slice(0, -2) : `${path.slice(0, -1)}${rest}`;
}

/**
 * The path of each page by its route's key (`paths.article(id)`, `paths.dashboard('achats')`,
 * `paths.admin('users')`): what links, redirects, canonical URLs and the sitemap are written with.
 * One function behind them (pathTo), so the browser ships no second copy of the paths.
 */
export const paths = new Proxy({} as { readonly [K in RouteKey]: (...params: ParamsOf<K>) => string }, {
  get: (_, key) => (...params: ParamsOf<RouteKey>) => pathTo(key as RouteKey, ...params),
});

/** A route's pattern without its leading slash, as a child route of the root takes it ('' for the home). */
export function childPath(spec: RouteSpec): string {
  return spec.path.replace(/^\//, '');
}

/** The first segment of a path or pattern ('/dashboard/*' → '/dashboard'; '/' → '/'). */
function sectionOf(path: string): string {
  return `/${path.split('/')[1] ?? ''}`;
}

/**
 * The paths a server-rendered request never gets rendered for, worked out from `ssr`: a section
 * (first path segment) with no rendered route is left whole to the app shell (any path under it:
 * '/admin', '/dashboard', '/auth', …); in a section with rendered routes, only the exact paths of
 * its other routes are ('/videos', '/pdfs': their items' pages are rendered).
 */
export function shellPaths(routes: ReadonlyArray<readonly [string, RouteSpec]> = ROUTE_ENTRIES): { sections: string[]; exact: string[] } {
  const rendered = new Set(routes.filter(([, r]) => r.ssr && r.path !== '*').map(([, r]) => sectionOf(r.path)));
  const sections: string[] = [];
  const exact: string[] = [];
  for (const [, route] of routes) {
    if (route.ssr) continue;
    const section = sectionOf(route.path);
    if (!rendered.has(section)) {
      if (!sections.includes(section)) sections.push(section);
    } else if (!exact.includes(route.path)) exact.push(route.path);
  }
  return { sections, exact };
}

/**
 * The sections whose pages are never indexed nor rendered by the server: accounts, payments,
 * receipts, the admin area and the newsletter's token links.
 */
export const PRIVATE_SECTIONS: readonly string[] = /* @__PURE__ */ shellPaths().sections;

/**
 * A route pattern as a regular expression over a path without trailing slash (the caller lowers
 * its case): a parameter is one segment, a final '*' any rest, none included ('/admin/*' matches '/admin').
 */
export function patternRegExp(path: string): RegExp {
  const escape = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const parts = path.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part === '*' ? '*' : escape(part)));
  let source = parts.join('\\/');
  if (source === '*') source = '.*';
  else if (source.endsWith('\\/*')) source = `${source.slice(0, -3)}(?:\\/.*)?`;
  return new RegExp(`^${source}$`);
}
