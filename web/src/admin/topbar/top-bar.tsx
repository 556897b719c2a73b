import { PanelLeft, Search, Settings, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { Button } from '@/components/ui/button';
import { fr } from '@/i18n/fr';
import { adminTitleFor } from '../admin-nav';
import { useSidebar } from '../sidebar-context';
import { AdminSearch } from './admin-search';
import { NotificationBell } from './notification-bell';
import { topbarFr } from '@/i18n/admin/topbar';

/**
 * The admin top bar (spec 'Admin layout', made to work by issue 10): the sidebar toggle, the
 * screen's title, the search (users, videos, PDFs, articles), the live bell and the settings
 * link. On a phone the search is an icon that opens it over the bar.
 */
export function TopBar() {
  const { toggle, open, openMobile, isMobile } = useSidebar();
  const location = useLocation();
  const [phoneSearch, setPhoneSearch] = useState(false);

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
      {isMobile ? (
        <Button variant="ghost" size="icon" aria-label={topbarFr.openSearch} aria-expanded={phoneSearch} onClick={() => setPhoneSearch(true)} data-testid="admin-search-open">
          <Search aria-hidden="true" />
        </Button>
      ) : (
        <AdminSearch className="w-56 lg:w-72" />
      )}
      <NotificationBell />
      <Button asChild variant="ghost" size="icon">
        <Link to={paths.admin('settings')} aria-label={fr.admin.settings}>
          <Settings aria-hidden="true" />
        </Link>
      </Button>
      {isMobile && phoneSearch && (
        <div className="absolute inset-0 flex items-center gap-2 bg-background px-3" data-testid="admin-search-phone">
          <AdminSearch autoFocus className="min-w-0 flex-1" onDone={() => setPhoneSearch(false)} />
          <Button variant="ghost" size="icon" aria-label={topbarFr.closeSearch} onClick={() => setPhoneSearch(false)}>
            <X aria-hidden="true" />
          </Button>
        </div>
      )}
    </header>
  );
}
