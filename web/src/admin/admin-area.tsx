import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AdminLayout } from './admin-layout';
import AdminArticlesPage from './articles/admin-articles-page';
import AdminContactPage from './contact/admin-contact-page';
import AdminDashboardPage from './dashboard/admin-dashboard-page';
import AdminEmailsPage from './emails/admin-emails-page';
import AdminJournalPage from './journal/admin-journal-page';
import AdminMessagesPage from './messages/admin-messages-page';
import AdminNewsletterPage from './newsletter/admin-newsletter-page';
import AdminPaymentsPage from './payments/admin-payments-page';
import AdminPdfsPage from './pdfs/admin-pdfs-page';
import AdminPromoCodesPage from './promo/admin-promo-page';
import AdminApiKeysPage from './api-keys/admin-api-keys-page';
import AdminReviewsPage from './reviews/admin-reviews-page';
import AdminSettingsPage from './settings/admin-settings-page';
import AdminStatsPage from './stats/admin-stats-page';
import AdminTestimonialsPage from './testimonials/admin-testimonials-page';
import AdminUsersPage from './users/admin-users-page';
import AdminVideosPage from './videos/admin-videos-page';
import AdminWebhooksPage from './webhooks/admin-webhooks-page';

const NotFoundPage = lazy(() => import('@/app/not-found-page'));

/**
 * Everything under /admin (behind the admin guard), bundled as one chunk that only
 * administrators download.
 */
export default function AdminArea() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<AdminDashboardPage />} />
        <Route path="settings" element={<AdminSettingsPage />} />
        <Route path="users" element={<AdminUsersPage />} />
        <Route path="videos" element={<AdminVideosPage />} />
        <Route path="pdfs" element={<AdminPdfsPage />} />
        <Route path="payments" element={<AdminPaymentsPage />} />
        <Route path="promo" element={<AdminPromoCodesPage />} />
        <Route path="api" element={<AdminApiKeysPage />} />
        <Route path="webhooks" element={<AdminWebhooksPage />} />
        <Route path="articles" element={<AdminArticlesPage />} />
        <Route path="testimonials" element={<AdminTestimonialsPage />} />
        <Route path="reviews" element={<AdminReviewsPage />} />
        <Route path="stats" element={<AdminStatsPage />} />
        <Route path="newsletter" element={<AdminNewsletterPage />} />
        <Route path="messages" element={<AdminMessagesPage />} />
        <Route path="contact" element={<AdminContactPage />} />
        <Route path="emails" element={<AdminEmailsPage />} />
        <Route path="journal" element={<AdminJournalPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
