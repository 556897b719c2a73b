import * as DialogPrimitive from '@radix-ui/react-dialog';
import { ArrowLeft, LogOut, ShieldCheck } from 'lucide-react';
import { useEffect, type ComponentProps, type ReactNode } from 'react';
import { Link, useLocation, useMatch } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { useSignOutAction } from '@/auth/use-sign-out-action';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { fr } from '@/i18n/fr';
import { cn } from '@/lib/utils';
import { ADMIN_NAV } from './admin-nav';
import { useSidebar } from './sidebar-context';

const itemClass =
  'flex h-10 w-full items-center gap-3 overflow-hidden rounded-md px-3 text-sm font-medium whitespace-nowrap text-sidebar-foreground/80 transition-colors hover:bg-sidebar-accent hover:text-sidebar-foreground focus-visible:outline-2 focus-visible:outline-ring [&_svg]:size-4 [&_svg]:shrink-0';

/** A rail entry: label visible when expanded, a tooltip (700 ms) when collapsed to icons. */
function RailItem({ collapsed, label, children }: { collapsed: boolean; label: string; children: ReactNode }) {
  if (!collapsed) return <>{children}</>;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side="right">{label}</TooltipContent>
    </Tooltip>
  );
}

function Label({ collapsed, children }: { collapsed: boolean; children: ReactNode }) {
  return <span className={cn('truncate', collapsed && 'sr-only')}>{children}</span>;
}

/**
 * A plain <Link> with a string className: Radix's Slot (tooltip trigger) would stringify
 * NavLink's className function, so the active state is computed here.
 */
function SidebarLink({
  to,
  end,
  collapsed,
  className,
  ...props
}: ComponentProps<typeof Link> & { to: string; end: boolean; collapsed: boolean }) {
  const active = useMatch({ path: to, end }) !== null;
  return (
    <Link
      // Tooltip trigger props (ref, pointer and focus handlers) pass through.
      {...props}
      to={to}
      aria-current={active ? 'page' : undefined}
      className={cn(itemClass, collapsed && 'justify-center px-0', active && 'bg-sidebar-accent text-primary', className)}
    />
  );
}

function SidebarBody({ collapsed }: { collapsed: boolean }) {
  const signOut = useSignOutAction();
  return (
    <div className="flex h-full flex-col bg-sidebar text-sidebar-foreground">
      <div className={cn('flex h-14 items-center gap-2 border-b border-sidebar-border px-3', collapsed && 'justify-center px-0')}>
        <ShieldCheck className="size-5 shrink-0 text-primary" aria-hidden="true" />
        <p className={cn('truncate text-base font-semibold', collapsed && 'sr-only')}>{fr.admin.sidebarTitle}</p>
      </div>
      <nav aria-label={fr.admin.sidebarTitle} className="flex-1 overflow-y-auto p-2">
        <ul className="flex flex-col gap-1">
          {ADMIN_NAV.map(({ to, label, icon: Icon, badge: Badge }) => (
            <li key={to}>
              <RailItem collapsed={collapsed} label={label}>
                <SidebarLink to={to} end collapsed={collapsed}>
                  <Icon aria-hidden="true" />
                  <Label collapsed={collapsed}>{label}</Label>
                  {Badge && !collapsed && <Badge />}
                </SidebarLink>
              </RailItem>
            </li>
          ))}
        </ul>
      </nav>
      <div className="border-t border-sidebar-border p-2">
        <ul className="flex flex-col gap-1">
          <li>
            <RailItem collapsed={collapsed} label={fr.admin.backToSite}>
              <Link to={paths.home()} className={cn(itemClass, collapsed && 'justify-center px-0')}>
                <ArrowLeft aria-hidden="true" />
                <Label collapsed={collapsed}>{fr.admin.backToSite}</Label>
              </Link>
            </RailItem>
          </li>
          <li>
            <RailItem collapsed={collapsed} label={fr.admin.signOut}>
              <button type="button" onClick={() => void signOut()} className={cn(itemClass, collapsed && 'justify-center px-0')}>
                <LogOut aria-hidden="true" />
                <Label collapsed={collapsed}>{fr.admin.signOut}</Label>
              </button>
            </RailItem>
          </li>
        </ul>
      </div>
    </div>
  );
}

/** Desktop: a fixed column that collapses to a 3rem icon rail. Mobile: an 18rem sheet. */
export function AdminSidebar() {
  const { open, openMobile, isMobile, setOpenMobile } = useSidebar();
  const location = useLocation();

  useEffect(() => setOpenMobile(false), [location.pathname, setOpenMobile]);

  if (isMobile) {
    return (
      <DialogPrimitive.Root open={openMobile} onOpenChange={setOpenMobile}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
          <DialogPrimitive.Content
            data-testid="admin-sidebar-sheet"
            className="fixed inset-y-0 left-0 z-50 w-(--sidebar-width-mobile) max-w-[85vw] shadow-lg focus:outline-none"
            aria-describedby={undefined}
          >
            <DialogPrimitive.Title className="sr-only">{fr.admin.sidebarTitle}</DialogPrimitive.Title>
            <SidebarBody collapsed={false} />
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
    );
  }

  return (
    <aside
      data-state={open ? 'expanded' : 'collapsed'}
      data-testid="admin-sidebar"
      className={cn(
        'sticky top-0 h-dvh shrink-0 border-r border-sidebar-border transition-[width] duration-200',
        open ? 'w-(--sidebar-width)' : 'w-(--sidebar-width-icon)',
      )}
    >
      <SidebarBody collapsed={!open} />
    </aside>
  );
}
