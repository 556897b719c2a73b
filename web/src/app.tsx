import { useEffect, type ReactNode } from 'react';
import { RouterProvider } from 'react-router-dom';
import { preloadToasts, Toaster } from '@/components/ui/toast';
import { AuthProvider } from '@/auth/auth-provider';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { LowDataProvider } from '@/lib/low-data';
import { PageMetaProvider, type PageMetaCollector } from '@/lib/page-meta';
import { SiteOriginProvider } from '@/lib/ssr';
import type { createAppRouter } from './routes';

/**
 * Everything around the router, identical on the server (entry-server.tsx) and in the browser, so
 * that the hydrating render produces the markup the server sent. Apollo Client is not part of it:
 * public pages read their data through data/hooks, and the pages written with Apollo's own hooks get
 * its provider with their chunk (data/with-apollo.ts).
 */
export function AppShell({
  lowData,
  origin,
  metaCollector = null,
  children,
}: {
  lowData: boolean;
  /** The origin absolute links are rendered with (the server's; see lib/ssr). */
  origin: string;
  metaCollector?: PageMetaCollector | null;
  children: ReactNode;
}) {
  // Sonner is not part of the first download: fetched once the page is idle (or by the first toast).
  useEffect(preloadToasts, []);
  return (
    // The last wall: an error outside any route (a provider) still gets a message, not a blank page.
    <ErrorBoundary fullPage>
      <SiteOriginProvider origin={origin}>
        <LowDataProvider initial={lowData}>
          <PageMetaProvider collector={metaCollector}>
            <AuthProvider>
              {children}
              {/* Spec §9: at most one toast at a time, 5000 ms. */}
              <Toaster visibleToasts={1} duration={5000} position="bottom-center" richColors closeButton />
            </AuthProvider>
          </PageMetaProvider>
        </LowDataProvider>
      </SiteOriginProvider>
    </ErrorBoundary>
  );
}

type BrowserRouter = ReturnType<typeof createAppRouter>;

/** The browser's app: the shell around the browser router (main.tsx creates both). */
export function App({ lowData, origin, router }: { lowData: boolean; origin: string; router: BrowserRouter }) {
  return (
    <AppShell lowData={lowData} origin={origin}>
      <RouterProvider router={router} />
    </AppShell>
  );
}
