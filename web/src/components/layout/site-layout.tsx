import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useAuth } from '@/auth/auth-context';
import { lazyPart } from '@/components/lazy-part';
import { withApollo } from '@/data/with-apollo';
import { PageSpinner } from '@/components/ui/spinner';
import { useScrollToTop } from '@/hooks/use-scroll-to-top';
import { fr } from '@/i18n/fr';
import { OfflineNotice } from '@/lib/offline/offline-notice';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { useSignUpPrompt } from './use-signup-prompt';

// Fetched only when it is about to show (a visitor's third page); if it cannot be, it is skipped.
const SignUpPromptDialog = lazyPart(() => import('./signup-prompt-dialog'));
// Fetched only when a signed-in user's account is to be deleted (issue 23): offers to cancel.
const PendingDeletionNotice = lazyPart(withApollo(() => import('./pending-deletion-notice')));

/** Public site and customer area: header, page, footer (everything except /admin/*). */
export function SiteLayout() {
  const [promptOpen, setPromptOpen] = useSignUpPrompt();
  const pendingDeletion = useAuth().user?.pendingDeletion;
  useScrollToTop();
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <OfflineNotice />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {/* While a page's chunk arrives, the spinner holds a whole screen: the footer stays below
            the fold instead of showing under the spinner and being pushed down by the page (the
            news list's 0.52 layout shift). */}
        <Suspense
          fallback={
            <div className="min-h-dvh" data-testid="page-loading">
              <PageSpinner label={fr.common.loading} />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      {promptOpen && <SignUpPromptDialog open={promptOpen} onOpenChange={setPromptOpen} fallback={null} />}
      {pendingDeletion && (
        <PendingDeletionNotice key={pendingDeletion.scheduledFor} scheduledFor={pendingDeletion.scheduledFor} byAdministrator={pendingDeletion.byAdministrator} fallback={null} />
      )}
    </div>
  );
}
