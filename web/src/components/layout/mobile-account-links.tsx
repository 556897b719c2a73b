import { LayoutDashboard, LogOut, Mail, Shield } from 'lucide-react';
import { NavLink } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { useAuth } from '@/auth/auth-context';
import { useSignOutAction } from '@/auth/use-sign-out-action';
import { fr } from '@/i18n/fr';
import { inboxText } from '@/i18n/messaging';
import { UnreadBadge } from '@/features/dashboard/unread-badge';

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
      <NavLink to={paths.dashboard()} className={navLinkClass}>
        <span className="inline-flex items-center gap-2">
          <LayoutDashboard className="size-4" aria-hidden="true" />
          {fr.nav.dashboard}
        </span>
      </NavLink>
      <NavLink to={paths.dashboard('messages')} className={navLinkClass}>
        <span className="inline-flex items-center gap-2">
          <Mail className="size-4" aria-hidden="true" />
          {inboxText.tab}
          <UnreadBadge count={unread} />
        </span>
      </NavLink>
      {isAdmin && (
        <NavLink to={paths.admin()} className={navLinkClass}>
          <span className="inline-flex items-center gap-2">
            <Shield className="size-4" aria-hidden="true" />
            {fr.nav.admin}
          </span>
        </NavLink>
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
