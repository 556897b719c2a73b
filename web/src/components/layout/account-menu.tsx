import { ChevronDown, Feather, LayoutDashboard, LogOut, Mail, Shield, UserRound } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { useAuth } from '@/auth/auth-context';
import { useSignOutAction } from '@/auth/use-sign-out-action';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { fr } from '@/i18n/fr';
import { inboxText } from '@/i18n/messaging';
import { UnreadBadge } from '@/features/dashboard/unread-badge';
import { useLowData } from '@/lib/low-data';
import { lowDataText } from '@/i18n/low-data';
import { LowDataTrack } from './low-data-switch';

/**
 * The signed-in 'Mon compte' menu (desktop); loaded only once someone is signed in. `unread`: the
 * user's unread messages (kept live by the header), on the button and on the 'Messages' entry.
 */
export default function AccountMenu({ unread = 0 }: { unread?: number }) {
  const { user, isAdmin } = useAuth();
  const navigate = useNavigate();
  const signOut = useSignOutAction();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" data-testid="account-menu">
          <UserRound aria-hidden="true" />
          {fr.nav.account}
          <UnreadBadge count={unread} />
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {user && <DropdownMenuLabel className="truncate">{user.fullName}</DropdownMenuLabel>}
        <DropdownMenuItem onSelect={() => navigate(paths.dashboard())}>
          <LayoutDashboard aria-hidden="true" />
          {fr.nav.dashboard}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate(paths.dashboard('messages'))} data-testid="account-menu-messages">
          <Mail aria-hidden="true" />
          {inboxText.tab}
          <UnreadBadge count={unread} className="ml-auto" />
        </DropdownMenuItem>
        {isAdmin && (
          <DropdownMenuItem onSelect={() => navigate(paths.admin())}>
            <Shield aria-hidden="true" />
            {fr.nav.admin}
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <LowDataMenuItem />
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" />
          {fr.nav.signOut}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The account menu's entry: toggles without closing the menu. */
function LowDataMenuItem() {
  const { enabled, setEnabled } = useLowData();
  return (
    <DropdownMenuItem
      role="menuitemcheckbox"
      aria-checked={enabled}
      data-testid="account-menu-low-data"
      onSelect={(event) => {
        event.preventDefault();
        setEnabled(!enabled);
      }}
    >
      <Feather aria-hidden="true" />
      <span className="flex-1">{lowDataText.label}</span>
      <LowDataTrack on={enabled} />
    </DropdownMenuItem>
  );
}
