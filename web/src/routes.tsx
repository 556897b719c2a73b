import { Suspense } from 'react';
import { createBrowserRouter, createRoutesFromElements, Route } from 'react-router-dom';
import { RouteError } from '@/components/errors/route-error';
import { RequireAdmin } from '@/components/guards/require-admin';
import { RequireUser } from '@/components/guards/require-user';
import { SiteLayout } from '@/components/layout/site-layout';
import { fr } from '@/i18n/fr';
import { withApollo } from '@/data/with-apollo';
import { lazyPage } from '@/lib/lazy-page';

// Every route is its own chunk, the home too: the server sends each page already rendered, so
// the home's code (cards, checkout buttons, their strings) would only weigh on every other page's
// first download. The admin area is one chunk of its own, fetched only by administrators.
// Public pages read their data with data/hooks; the others come with Apollo Client (withApollo).
const HomePage = lazyPage(() => import('@/pages/home-page'));
const VideosPage = lazyPage(withApollo(() => import('@/pages/videos-page')));
const VideoDetailPage = lazyPage(withApollo(() => import('@/pages/video-detail-page')));
const PdfsPage = lazyPage(withApollo(() => import('@/pages/pdfs-page')));
const PdfDetailPage = lazyPage(withApollo(() => import('@/pages/pdf-detail-page')));
const DashboardPage = lazyPage(withApollo(() => import('@/pages/dashboard-page')));
const ReceiptPage = lazyPage(withApollo(() => import('@/pages/receipt-page')));
const PaymentReturnPage = lazyPage(withApollo(() => import('@/commerce/payment-return-page')));
const NewsPage = lazyPage(() => import('@/pages/news-page'));
const ArticlePage = lazyPage(() => import('@/pages/article-page'));
const AboutPage = lazyPage(() => import('@/pages/about-page'));
const ContactPage = lazyPage(() => import('@/pages/contact-page'));
const FaqPage = lazyPage(() => import('@/pages/faq-page'));
const TermsPage = lazyPage(() => import('@/pages/terms-page'));
const PrivacyPage = lazyPage(() => import('@/pages/privacy-page'));
const NewsletterConfirmationPage = lazyPage(withApollo(() => import('@/pages/newsletter/confirmation-page')));
const NewsletterUnsubscribePage = lazyPage(withApollo(() => import('@/pages/newsletter/unsubscribe-page')));
const AuthPage = lazyPage(withApollo(() => import('@/pages/auth/auth-page')));
const AdminLoginPage = lazyPage(withApollo(() => import('@/pages/admin-login-page')));
const NotFoundPage = lazyPage(() => import('@/pages/not-found-page'));
const AdminArea = lazyPage(withApollo(() => import('@/admin/admin-area')));

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

/**
 * The route table of the spec (§2), reading (a): the home is public; /videos, /videos/:id,
 * /video/:id, /pdfs, /dashboard (and /dashboard/achats), /recu/:orderId and /paiement/* need a
 * signed-in user; /admin/* an administrator.
 * A data router, for its per-route errorElement.
 */
export const appRoutes = createRoutesFromElements(
  <Route errorElement={<RouteError fullPage />}>
    <Route element={<SiteLayout />}>
      <Route index element={<HomePage />} errorElement={pageError} />
      <Route path="actualites" element={<NewsPage />} errorElement={pageError} />
      <Route path="actualites/:id" element={<ArticlePage />} errorElement={pageError} />
      <Route path="actualite/:id" element={<ArticlePage />} errorElement={pageError} />
      <Route path="about" element={<AboutPage />} errorElement={pageError} />
      <Route path="contact" element={<ContactPage />} errorElement={pageError} />
      <Route path="faq" element={<FaqPage />} errorElement={pageError} />
      <Route path="terms" element={<TermsPage />} errorElement={pageError} />
      <Route path="privacy" element={<PrivacyPage />} errorElement={pageError} />
      <Route path="auth" element={<AuthPage />} errorElement={pageError} />
      {/* The newsletter mails' links: public, the token in the path. */}
      <Route path="newsletter/confirmation/:token" element={<NewsletterConfirmationPage />} errorElement={pageError} />
      <Route path="newsletter/desinscription/:token" element={<NewsletterUnsubscribePage />} errorElement={pageError} />
      <Route element={<RequireUser />} errorElement={pageError}>
        <Route path="videos" element={<VideosPage />} errorElement={pageError} />
        <Route path="videos/:id" element={<VideoDetailPage />} errorElement={pageError} />
        <Route path="video/:id" element={<VideoDetailPage />} errorElement={pageError} />
        <Route path="pdfs" element={<PdfsPage />} errorElement={pageError} />
        <Route path="pdfs/:id" element={<PdfDetailPage />} errorElement={pageError} />
        {/* One route for the tabs (/dashboard, /dashboard/achats, /dashboard/messages): switching keeps the page mounted. */}
        <Route path="dashboard/*" element={<DashboardPage />} errorElement={pageError} />
        <Route path="recu/:orderId" element={<ReceiptPage />} errorElement={pageError} />
        <Route path="paiement/retour" element={<PaymentReturnPage />} errorElement={pageError} />
        <Route path="paiement/:orderId" element={<PaymentReturnPage />} errorElement={pageError} />
      </Route>
      <Route path="*" element={<NotFoundPage />} errorElement={pageError} />
    </Route>
    <Route
      path="admin/login"
      errorElement={<RouteError fullPage />}
      element={
        <Suspense fallback={<FullPageLoading />}>
          <AdminLoginPage />
        </Suspense>
      }
    />
    <Route
      path="admin/*"
      errorElement={<RouteError fullPage />}
      element={
        <RequireAdmin>
          <Suspense fallback={<FullPageLoading />}>
            <AdminArea />
          </Suspense>
        </RequireAdmin>
      }
    />
  </Route>,
);

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
