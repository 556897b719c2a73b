import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { useScrollToTop } from '@/hooks/use-scroll-to-top';
import { fr } from '@/i18n/fr';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { useSignUpPrompt } from './use-signup-prompt';

const SignUpPromptDialog = lazy(() => import('./signup-prompt-dialog'));

/** Public site and customer area: header, page, footer (everything except /admin/*). */
export function SiteLayout() {
  const [promptOpen, setPromptOpen] = useSignUpPrompt();
  useScrollToTop();
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Suspense fallback={<PageSpinner label={fr.common.loading} />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      {promptOpen && (
        <Suspense fallback={null}>
          <SignUpPromptDialog open={promptOpen} onOpenChange={setPromptOpen} />
        </Suspense>
      )}
    </div>
  );
}
