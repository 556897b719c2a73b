import { LayoutDashboard, LogOut, Mail, Shield, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { useAuth } from '@/auth/auth-context';
import { useSignOutAction } from '@/auth/use-sign-out-action';
import { fr } from '@/i18n/fr';
import { inboxText } from '@/i18n/messaging';
import { UnreadBadge } from '@/features/dashboard/unread-badge';

/** One of the account's pages: its icon, then its name. */
function AccountLink({
  to,
  Icon,
  className,
  children,
}: {
  to: string;
  Icon: LucideIcon;
  className(state: { isActive: boolean }): string;
  children: ReactNode;
}) {
  return (
    <NavLink to={to} className={className}>
      <span className="inline-flex items-center gap-2">
        <Icon className="size-4" aria-hidden="true" />
        {children}
      </span>
    </NavLink>
  );
}

/**
 * The mobile menu's account section, for a signed-in user; loaded once the session is known, so
 * a visitor never downloads it. `navLinkClass`: the menu's link style, shared with the header.
 */
export default function MobileAccountLinks({
  unread,
  navLinkClass,
}: {
  unread: number;
  navLinkClass(state: { isActive: boolean }): string;
}) {
  const { isAdmin } = useAuth();
  const signOut = useSignOutAction();
  return (
    <div className="flex flex-col gap-1">
      <p className="px-3 pb-1 text-xs text-muted-foreground">{fr.nav.account}</p>
      <AccountLink to={paths.dashboard()} Icon={LayoutDashboard} className={navLinkClass}>
        {fr.nav.dashboard}
      </AccountLink>
      <AccountLink to={paths.dashboard('messages')} Icon={Mail} className={navLinkClass}>
        {inboxText.tab}
        <UnreadBadge count={unread} />
      </AccountLink>
      {isAdmin && (
        <AccountLink to={paths.admin()} Icon={Shield} className={navLinkClass}>
          {fr.nav.admin}
        </AccountLink>
      )}
      <button
        type="button"
        onClick={() => void signOut()}
        className="inline-flex items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-medium text-foreground/80 hover:bg-accent"
      >
        <LogOut className="size-4" aria-hidden="true" />
        {fr.nav.signOut}
      </button>
    </div>
  );
}
