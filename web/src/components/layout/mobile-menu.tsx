import { Menu, X } from 'lucide-react';
import { lazyPart } from '@/components/lazy-part';
import { Button } from '@/components/ui/button';
import { fr } from '@/i18n/fr';
import { inboxText } from '@/i18n/messaging';
import { navLinkClass, SignInButtons, SiteNavLinks } from './nav-links';

// Only a signed-in user's menu needs it: fetched when first rendered, never with a visitor's page.
const MobileAccountLinks = lazyPart(() => import('./mobile-account-links'));

/** The phone's menu button: its label says how many messages are unread, a dot shows there are some. */
export function MenuButton({ open, controls, unread, onToggle }: { open: boolean; controls: string; unread: number; onToggle(): void }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="relative md:hidden"
      aria-expanded={open}
      aria-controls={controls}
      aria-label={open ? fr.nav.closeMenu : unread > 0 ? `${fr.nav.openMenu} (${inboxText.unreadCount(unread)})` : fr.nav.openMenu}
      onClick={onToggle}
    >
      {open ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
      {!open && unread > 0 && (
        <span aria-hidden="true" className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-primary ring-2 ring-background" data-testid="menu-unread-dot" />
      )}
    </Button>
  );
}

/** The phone's menu below the header: the pages, 'Contact', then the account's links or the sign-in buttons. */
export function MobileMenu({
  id,
  open,
  signedIn,
  loading,
  unread,
  onContact,
}: {
  id: string;
  open: boolean;
  signedIn: boolean;
  loading: boolean;
  unread: number;
  onContact(): void;
}) {
  return (
    <div id={id} hidden={!open} data-testid="mobile-menu" className="border-t md:hidden">
      <nav aria-label={fr.nav.mainNavigation} className="container-page flex flex-col gap-1 py-3">
        <SiteNavLinks />
        <button
          type="button"
          onClick={onContact}
          className="rounded-md px-3 py-2 text-left text-sm font-medium text-foreground/80 hover:bg-accent"
        >
          {fr.nav.contact}
        </button>
        <div className="mt-2 border-t pt-3">
          {loading ? (
            <div aria-hidden="true" className="h-10 animate-pulse rounded-md bg-muted" />
          ) : signedIn ? (
            <MobileAccountLinks
              unread={unread}
              navLinkClass={navLinkClass}
              fallback={<div aria-hidden="true" className="h-10 animate-pulse rounded-md bg-muted" />}
              failed={(retry) => (
                <Button variant="outline" className="w-full" onClick={retry}>
                  {fr.nav.account}
                </Button>
              )}
            />
          ) : (
            <div className="grid grid-cols-2 gap-2">
              <SignInButtons signIn="outline" />
            </div>
          )}
        </div>
      </nav>
    </div>
  );
}
