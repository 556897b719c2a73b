/**
 * The web app's route manifest: every page of the site, once. Everything else is derived from it:
 * the router (web/src/routes.tsx, which adds each page's lazy import by key), the visitor's previews
 * (components/guards/require-user.tsx), the private paths (lib/meta-tags.ts), the gateway's
 * server-rendered routes and chunk preloads (gateway/src/ssr), the sitemap (gateway/src/seo) and the
 * pages the build's JavaScript budget measures (scripts/web-budget.js). Links are written with the
 * path builders below (`paths.article(id)`), never by hand.
 *
 * Plain data and functions, no import at all: the gateway (CommonJS, Node) and the budget script load
 * it without React or the DOM. `tsc -b` compiles it alone (web/tsconfig.routes.json, lib without
 * DOM) into web/dist-routes/route-manifest.js, which Node knows as `@lbf/web/routes` (web/package.json
 * "exports"); jest maps that name to this file (jest.config.js).
 */

/** Who may open a page: anyone, a signed-in user (RequireUser), an administrator (RequireAdmin). */
export type Guard = 'visitor' | 'customer' | 'admin';

/** The kind of public preview RequireUser shows a visitor on a customer page (pages/item-preview.tsx). */
export type PreviewKind = 'video' | 'pdf';

export interface RouteSpec {
  /** The react-router pattern, from the root ('/' is the home, '*' any other path: the 404). */
  path: string;
  /** The page's module, as Vite's build manifest names it (web/dist/.vite/manifest.json). */
  module: string;
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
  /** Chunks the page renders beside its own once live, fetched with it (the gateway's preloads). */
  with?: readonly string[];
  /** A public page whose first visit's JavaScript the build measures and holds to its budget. */
  budget?: boolean;
  /** Listed in sitemap.xml as it is (its text ships with the app); dated pages are listed by gateway/src/seo. */
  sitemap?: boolean;
}

/** The module RequireUser shows a visitor on a previewed page (what the server renders there). */
export const PREVIEW_MODULE = 'src/pages/item-preview.tsx';

/**
 * Every route, in the router's order. The order also gives the budget table's rows and the sitemap's
 * static pages. Paths match without regard to case or a trailing slash, as react-router does.
 */
export const ROUTES = {
  home: { path: '/', module: 'src/pages/home-page.tsx', guard: 'visitor', layout: 'site', ssr: true, budget: true },
  news: { path: '/actualites', module: 'src/pages/news-page.tsx', guard: 'visitor', layout: 'site', ssr: true, budget: true },
  article: { path: '/actualites/:id', module: 'src/pages/article-page.tsx', guard: 'visitor', layout: 'site', ssr: true, budget: true },
  articleShort: { path: '/actualite/:id', module: 'src/pages/article-page.tsx', guard: 'visitor', layout: 'site', ssr: true },
  about: { path: '/about', module: 'src/pages/about-page.tsx', guard: 'visitor', layout: 'site', ssr: true, budget: true, sitemap: true },
  faq: { path: '/faq', module: 'src/pages/faq-page.tsx', guard: 'visitor', layout: 'site', ssr: true, budget: true, sitemap: true },
  // The contact form is a chunk of its own (~25 kB), rendered once the page is live: fetched beside the page's.
  contact: {
    path: '/contact',
    module: 'src/pages/contact-page.tsx',
    guard: 'visitor',
    layout: 'site',
    ssr: true,
    with: ['src/pages/static/contact-form.tsx'],
    budget: true,
    sitemap: true,
  },
  terms: { path: '/terms', module: 'src/pages/terms-page.tsx', guard: 'visitor', layout: 'site', ssr: true, budget: true, sitemap: true },
  privacy: { path: '/privacy', module: 'src/pages/privacy-page.tsx', guard: 'visitor', layout: 'site', ssr: true, budget: true, sitemap: true },
  auth: { path: '/auth', module: 'src/pages/auth/auth-page.tsx', guard: 'visitor', layout: 'site', ssr: false },
  // The newsletter mails' links: public, the token in the path.
  newsletterConfirmation: {
    path: '/newsletter/confirmation/:token',
    module: 'src/pages/newsletter/confirmation-page.tsx',
    guard: 'visitor',
    layout: 'site',
    ssr: false,
  },
  newsletterUnsubscribe: {
    path: '/newsletter/desinscription/:token',
    module: 'src/pages/newsletter/unsubscribe-page.tsx',
    guard: 'visitor',
    layout: 'site',
    ssr: false,
  },
  videos: { path: '/videos', module: 'src/pages/videos-page.tsx', guard: 'customer', layout: 'site', ssr: false },
  video: { path: '/videos/:id', module: 'src/pages/video-detail-page.tsx', guard: 'customer', layout: 'site', ssr: true, preview: 'video' },
  videoShort: { path: '/video/:id', module: 'src/pages/video-detail-page.tsx', guard: 'customer', layout: 'site', ssr: true, preview: 'video' },
  pdfs: { path: '/pdfs', module: 'src/pages/pdfs-page.tsx', guard: 'customer', layout: 'site', ssr: false },
  pdf: { path: '/pdfs/:id', module: 'src/pages/pdf-detail-page.tsx', guard: 'customer', layout: 'site', ssr: true, preview: 'pdf' },
  // One route for the tabs (/dashboard, /dashboard/achats, /dashboard/messages): switching keeps the page mounted.
  dashboard: { path: '/dashboard/*', module: 'src/pages/dashboard-page.tsx', guard: 'customer', layout: 'site', ssr: false },
  receipt: { path: '/recu/:orderId', module: 'src/pages/receipt-page.tsx', guard: 'customer', layout: 'site', ssr: false },
  paymentReturn: { path: '/paiement/retour', module: 'src/commerce/payment-return-page.tsx', guard: 'customer', layout: 'site', ssr: false },
  payment: { path: '/paiement/:orderId', module: 'src/commerce/payment-return-page.tsx', guard: 'customer', layout: 'site', ssr: false },
  notFound: { path: '*', module: 'src/pages/not-found-page.tsx', guard: 'visitor', layout: 'site', ssr: true, budget: true },
  adminLogin: { path: '/admin/login', module: 'src/pages/admin-login-page.tsx', guard: 'visitor', layout: 'full-page', ssr: false },
  admin: { path: '/admin/*', module: 'src/admin/admin-area.tsx', guard: 'admin', layout: 'full-page', ssr: false },
} as const satisfies Record<string, RouteSpec>;

export type RouteKey = keyof typeof ROUTES;

/** The routes as [key, spec] pairs, in order. */
export const ROUTE_ENTRIES = Object.entries(ROUTES) as ReadonlyArray<[RouteKey, RouteSpec]>;

/** The sections of the admin area (admin/admin-area.tsx), for paths.admin(section). */
export type AdminSection =
  | 'settings'
  | 'users'
  | 'videos'
  | 'pdfs'
  | 'payments'
  | 'articles'
  | 'testimonials'
  | 'stats'
  | 'newsletter'
  | 'messages'
  | 'contact'
  | 'emails';

/** The dashboard's tabs other than the library (/dashboard). */
export type DashboardTab = 'achats' | 'messages';

const segment = (value: string | number) => encodeURIComponent(String(value));

/** The path of each page: what links, redirects, canonical URLs and the sitemap are written with. */
export const paths = {
  home: () => '/',
  news: () => '/actualites',
  article: (id: string | number) => `/actualites/${segment(id)}`,
  about: () => '/about',
  faq: () => '/faq',
  contact: () => '/contact',
  terms: () => '/terms',
  privacy: () => '/privacy',
  /** The sign-in page, or its sign-up tab. */
  auth: (tab?: 'signup') => (tab ? `/auth?tab=${tab}` : '/auth'),
  /** The videos, or those of one category. */
  videos: (category?: string) => (category ? `/videos?category=${segment(category)}` : '/videos'),
  video: (id: string | number) => `/videos/${segment(id)}`,
  /** The short form, which the dashboard, the checkout and the similar videos link to. */
  videoShort: (id: string | number) => `/video/${segment(id)}`,
  pdfs: () => '/pdfs',
  pdf: (id: string | number) => `/pdfs/${segment(id)}`,
  dashboard: (tab?: DashboardTab) => (tab ? `/dashboard/${tab}` : '/dashboard'),
  receipt: (orderId: string | number) => `/recu/${segment(orderId)}`,
  adminLogin: () => '/admin/login',
  admin: (section?: AdminSection) => (section ? `/admin/${section}` : '/admin'),
} as const;

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
export const PRIVATE_SECTIONS: readonly string[] = shellPaths().sections;

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
