import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { RequireAdmin } from '@/components/guards/require-admin';
import { RequireUser } from '@/components/guards/require-user';
import { SiteLayout } from '@/components/layout/site-layout';
import { fr } from '@/i18n/fr';
// The home is where most visits land: bundled with the entry so it renders without a second
// round trip. Every other route is its own chunk; the admin area is one chunk of its own,
// fetched only by administrators.
import HomePage from '@/pages/home-page';

const VideosPage = lazy(() => import('@/pages/videos-page'));
const VideoDetailPage = lazy(() => import('@/pages/video-detail-page'));
const PdfsPage = lazy(() => import('@/pages/pdfs-page'));
const DashboardPage = lazy(() => import('@/pages/dashboard-page'));
const NewsPage = lazy(() => import('@/pages/news-page'));
const ArticlePage = lazy(() => import('@/pages/article-page'));
const AboutPage = lazy(() => import('@/pages/about-page'));
const ContactPage = lazy(() => import('@/pages/contact-page'));
const FaqPage = lazy(() => import('@/pages/faq-page'));
const TermsPage = lazy(() => import('@/pages/terms-page'));
const PrivacyPage = lazy(() => import('@/pages/privacy-page'));
const AuthPage = lazy(() => import('@/pages/auth/auth-page'));
const AdminLoginPage = lazy(() => import('@/pages/admin-login-page'));
const NotFoundPage = lazy(() => import('@/pages/not-found-page'));
const AdminArea = lazy(() => import('@/admin/admin-area'));

function FullPageLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center text-muted-foreground" role="status">
      {fr.common.loading}
    </div>
  );
}

/**
 * The route table of the spec (§2), reading (a): the home is public; /videos, /videos/:id,
 * /video/:id, /pdfs and /dashboard need a signed-in user; /admin/* an administrator.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        <Route index element={<HomePage />} />
        <Route path="actualites" element={<NewsPage />} />
        <Route path="actualites/:id" element={<ArticlePage />} />
        <Route path="actualite/:id" element={<ArticlePage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="faq" element={<FaqPage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="auth" element={<AuthPage />} />
        <Route element={<RequireUser />}>
          <Route path="videos" element={<VideosPage />} />
          <Route path="videos/:id" element={<VideoDetailPage />} />
          <Route path="video/:id" element={<VideoDetailPage />} />
          <Route path="pdfs" element={<PdfsPage />} />
          <Route path="dashboard" element={<DashboardPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route
        path="admin/login"
        element={
          <Suspense fallback={<FullPageLoading />}>
            <AdminLoginPage />
          </Suspense>
        }
      />
      <Route
        path="admin/*"
        element={
          <RequireAdmin>
            <Suspense fallback={<FullPageLoading />}>
              <AdminArea />
            </Suspense>
          </RequireAdmin>
        }
      />
    </Routes>
  );
}
