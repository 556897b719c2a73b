import { Bell, PanelLeft, Search, Settings } from 'lucide-react';
import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { fr } from '@/i18n/fr';
import { currentYear } from '@/lib/format/date';
import { adminTitleFor } from './admin-nav';
import { AdminSidebar } from './admin-sidebar';
import { useSidebar } from './sidebar-context';
import { SidebarProvider } from './sidebar-provider';

/**
 * Unread notifications for the bell. Internal messages arrive with the messaging service; until
 * then there is nothing to count and no badge is drawn (the spec's fixed "3" was a placeholder).
 */
const notificationCount = 0;

function TopBar() {
  const { toggle, open, openMobile, isMobile } = useSidebar();
  const location = useLocation();
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur sm:gap-3 sm:px-4">
      <Button
        variant="ghost"
        size="icon"
        onClick={toggle}
        aria-label={fr.admin.toggleSidebar}
        aria-expanded={isMobile ? openMobile : open}
        title={`${fr.admin.toggleSidebar} (Ctrl+B)`}
        data-testid="sidebar-toggle"
      >
        <PanelLeft aria-hidden="true" />
      </Button>
      <p className="min-w-0 flex-1 truncate text-base font-semibold sm:text-lg" data-testid="admin-title">
        {adminTitleFor(location.pathname)}
      </p>
      <form role="search" className="relative hidden sm:block" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="admin-search" className="sr-only">
          {fr.admin.searchLabel}
        </label>
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input id="admin-search" type="search" placeholder={fr.admin.search} className="h-9 w-56 pl-9 lg:w-72" />
      </form>
      <Button variant="ghost" size="icon" className="relative" aria-label={fr.admin.notifications}>
        <Bell aria-hidden="true" />
        {notificationCount > 0 && (
          <span className="absolute top-1.5 right-1.5 grid min-w-4 place-items-center rounded-full bg-destructive px-1 text-[10px] font-bold text-destructive-foreground">
            {notificationCount}
          </span>
        )}
      </Button>
      <Button asChild variant="ghost" size="icon">
        <Link to="/admin/settings" aria-label={fr.admin.settings}>
          <Settings aria-hidden="true" />
        </Link>
      </Button>
    </header>
  );
}

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
