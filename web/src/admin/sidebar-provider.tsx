import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';
import { TooltipProvider } from '@/components/ui/tooltip';
import { SidebarContext, type SidebarContextValue } from './sidebar-context';

/** Spec §9: mobile breakpoint 768 px; cookie 7 days; widths 16rem / 18rem mobile / 3rem icons. */
const MOBILE_QUERY = '(max-width: 767px)';
const COOKIE_NAME = 'sidebar_state';
const COOKIE_MAX_AGE = 60 * 60 * 24 * 7;

function readCookie(): boolean {
  const match = document.cookie.match(new RegExp(`(?:^|; )${COOKIE_NAME}=(true|false)`));
  return match ? match[1] === 'true' : true;
}

function subscribeMobile(onChange: () => void): () => void {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function useIsMobile(): boolean {
  return useSyncExternalStore(subscribeMobile, () => window.matchMedia(MOBILE_QUERY).matches);
}

export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  const [open, setOpenState] = useState(readCookie);
  const [openMobile, setOpenMobile] = useState(false);

  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    document.cookie = `${COOKIE_NAME}=${next}; path=/; max-age=${COOKIE_MAX_AGE}; SameSite=Lax`;
  }, []);

  const toggle = useCallback(() => {
    if (isMobile) setOpenMobile((value) => !value);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  // Ctrl/Cmd+B toggles the sidebar.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.key === 'b' || event.key === 'B') && (event.metaKey || event.ctrlKey) && !event.altKey) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  const value = useMemo<SidebarContextValue>(
    () => ({ open, openMobile, isMobile, setOpenMobile, toggle }),
    [open, openMobile, isMobile, toggle],
  );

  return (
    <SidebarContext.Provider value={value}>
      <TooltipProvider>
        <div
          className="flex min-h-dvh w-full"
          style={{ '--sidebar-width': '16rem', '--sidebar-width-mobile': '18rem', '--sidebar-width-icon': '3rem' } as CSSProperties}
        >
          {children}
        </div>
      </TooltipProvider>
    </SidebarContext.Provider>
  );
}
