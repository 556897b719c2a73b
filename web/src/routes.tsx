import { Suspense } from 'react';
import { createBrowserRouter, createRoutesFromElements, Route } from 'react-router-dom';
import { ROUTE_ENTRIES, childPath, type RouteKey, type RouteSpec } from '@/app/route-manifest';
import { RouteError } from '@/components/errors/route-error';
import { RequireAdmin } from '@/components/guards/require-admin';
import { RequireUser } from '@/components/guards/require-user';
import { SiteLayout } from '@/components/layout/site-layout';
import { fr } from '@/i18n/fr';
import { withApollo } from '@/data/with-apollo';
import { lazyPage, type LazyPage } from '@/lib/lazy-page';

// Every route is its own chunk, the home too: the server sends each page already rendered, so
// the home's code (cards, checkout buttons, their strings) would only weigh on every other page's
// first download. The admin area is one chunk of its own, fetched only by administrators.
// Public pages read their data with data/hooks; the others come with Apollo Client (withApollo).
// Each route's page by its key in the manifest (web/src/app/route-manifest.ts), whose PAGES names
// the same module for the server and the build (route-manifest.spec.ts checks it).
const ArticlePage = lazyPage(() => import('@/features/news/article-page'));
const VideoDetailPage = lazyPage(withApollo(() => import('@/features/catalogue/video-detail-page')));
const PaymentReturnPage = lazyPage(withApollo(() => import('@/features/commerce/payment-return-page')));
const PAGE_OF: Record<RouteKey, LazyPage> = {
  home: lazyPage(() => import('@/features/home/home-page')),
  news: lazyPage(() => import('@/features/news/news-page')),
  article: ArticlePage,
  articleShort: ArticlePage,
  about: lazyPage(() => import('@/features/about/about-page')),
  faq: lazyPage(() => import('@/features/faq/faq-page')),
  contact: lazyPage(() => import('@/features/contact/contact-page')),
  terms: lazyPage(() => import('@/features/legal/terms-page')),
  privacy: lazyPage(() => import('@/features/legal/privacy-page')),
  auth: lazyPage(withApollo(() => import('@/features/account/auth-page'))),
  newsletterConfirmation: lazyPage(withApollo(() => import('@/features/newsletter/confirmation-page'))),
  newsletterUnsubscribe: lazyPage(withApollo(() => import('@/features/newsletter/unsubscribe-page'))),
  payLink: lazyPage(withApollo(() => import('@/features/pay-links/pay-link-page'))),
  gift: lazyPage(withApollo(() => import('@/features/gifts/gift-page'))),
  videos: lazyPage(withApollo(() => import('@/features/catalogue/videos-page'))),
  video: VideoDetailPage,
  videoShort: VideoDetailPage,
  pdfs: lazyPage(withApollo(() => import('@/features/catalogue/pdfs-page'))),
  pdf: lazyPage(withApollo(() => import('@/features/catalogue/pdf-detail-page'))),
  dashboard: lazyPage(withApollo(() => import('@/features/dashboard/dashboard-page'))),
  receipt: lazyPage(withApollo(() => import('@/features/commerce/receipt-page'))),
  paymentReturn: PaymentReturnPage,
  payment: PaymentReturnPage,
  notFound: lazyPage(() => import('@/app/not-found-page')),
  adminLogin: lazyPage(withApollo(() => import('@/features/account/admin-login-page'))),
  admin: lazyPage(withApollo(() => import('@/admin/admin-area'))),
};

function FullPageLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center text-muted-foreground" role="status">
      {fr.common.loading}
    </div>
  );
}

// A route whose chunk fails to arrive or whose page throws shows this instead of a blank page:
// inside the site layout (header and footer stay), or filling the page at the root.
const pageError = <RouteError />;

/** A page inside the site layout ('/' is its index route). */
function siteRoute([key, spec]: readonly [RouteKey, RouteSpec]) {
  const Page = PAGE_OF[key];
  return spec.path === '/' ? (
    <Route key={key} id={key} index element={<Page />} errorElement={pageError} />
  ) : (
    <Route key={key} id={key} path={childPath(spec)} element={<Page />} errorElement={pageError} />
  );
}

/** A page of its own (the admin area behind its guard, its login), with a full-page loading state. */
function fullPageRoute([key, spec]: readonly [RouteKey, RouteSpec]) {
  const Page = PAGE_OF[key];
  const page = (
    <Suspense fallback={<FullPageLoading />}>
      <Page />
    </Suspense>
  );
  return (
    <Route key={key} id={key} path={childPath(spec)} errorElement={<RouteError fullPage />} element={spec.guard === 'admin' ? <RequireAdmin>{page}</RequireAdmin> : page} />
  );
}

const inSite = ROUTE_ENTRIES.filter(([, r]) => r.layout === 'site');
const ofTheirOwn = ROUTE_ENTRIES.filter(([, r]) => r.layout === 'full-page');

/**
 * The route table of the spec (§2), reading (a), built from the route manifest
 * (web/src/app/route-manifest.ts): the home and the visitor's pages are public; the customer's
 * (/videos, /videos/:id, /video/:id, /pdfs, /dashboard and its tabs, /recu/:orderId, /paiement/*)
 * need a signed-in user (RequireUser); /admin/* an administrator. Any other path is the 404, inside
 * the site layout. A data router, for its per-route errorElement.
 */
export const appRoutes = createRoutesFromElements(
  <Route errorElement={<RouteError fullPage />}>
    <Route element={<SiteLayout />}>
      {inSite.filter(([, r]) => r.guard === 'visitor' && r.path !== '*').map(siteRoute)}
      <Route element={<RequireUser />} errorElement={pageError}>
        {inSite.filter(([, r]) => r.guard === 'customer').map(siteRoute)}
      </Route>
      {inSite.filter(([, r]) => r.path === '*').map(siteRoute)}
    </Route>
    {ofTheirOwn.map(fullPageRoute)}
  </Route>,
);

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
