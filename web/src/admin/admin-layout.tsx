import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { fr } from '@/i18n/fr';
import { currentYear } from '@/lib/format/date';
import { AdminSidebar } from './admin-sidebar';
import { SidebarProvider } from './sidebar-provider';
import { TopBar } from './topbar/top-bar';

export function AdminLayout() {
  const { pathname } = useLocation();
  return (
    <SidebarProvider>
      <AdminSidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar />
        <main id="main" className="flex-1 p-4 sm:p-6">
          {/* The admin screens are descendant routes (no errorElement there): one boundary per screen,
              forgotten when the administrator moves to another, so the sidebar stays usable. */}
          <ErrorBoundary key={pathname}>
            <Suspense fallback={<p className="text-muted-foreground">{fr.common.loading}</p>}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </main>
        <footer className="flex flex-col items-center justify-between gap-1 border-t px-4 py-3 text-xs text-muted-foreground sm:flex-row sm:px-6">
          <p>
            © {currentYear()} {fr.brand.name}
          </p>
          <p>{fr.admin.version}</p>
        </footer>
      </div>
    </SidebarProvider>
  );
}
