import { Menu, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { useAuth } from '@/auth/auth-context';
import { lazyPart } from '@/components/lazy-part';
import { withApollo } from '@/data/with-apollo';
import { Button } from '@/components/ui/button';
import { fr } from '@/i18n/fr';
import { inboxText } from '@/i18n/messaging';
import { HYDRATE_WITH_SESSION } from '@/lib/hydrate-when-needed';
import { cn } from '@/lib/utils';
import { Logo } from './logo';
import { SITE_NAV } from './nav-items';

// What only a signed-in user or a tap needs (the dropdown, the dialog, the messaging queries) is
// fetched when first rendered, not with every page: a visitor's first download has none of it.
const AccountMenu = lazyPart(() => import('./account-menu'));
const MobileAccountLinks = lazyPart(() => import('./mobile-account-links'));
const UnreadCountWatcher = lazyPart(withApollo(() => import('./unread-count-watcher')));
const PayLinkPaidWatcher = lazyPart(withApollo(() => import('@/features/pay-links/paid-watcher')));
const ContactDialog = lazyPart(() => import('./contact-dialog'));

/** The header's link style (the mobile menu's account links take it too): the current page in the brand's colour. */
const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground',
    isActive ? 'text-primary' : 'text-foreground/80',
  );

/** The site's pages (SITE_NAV), as the header and its mobile menu list them. */
function SiteNavLinks() {
  return (
    <>
      {SITE_NAV.map((item) => (
        <NavLink key={item.to} to={item.to} end={item.end} className={navLinkClass}>
          {item.label}
        </NavLink>
      ))}
    </>
  );
}

/** 'Se connecter' and 'Créer un compte' for a visitor; `signIn` is the first button's variant. */
function SignInButtons({ signIn }: { signIn: 'ghost' | 'outline' }) {
  return (
    <>
      <Button asChild variant={signIn}>
        <Link to={paths.auth()}>{fr.nav.signIn}</Link>
      </Button>
      <Button asChild>
        <Link to={`${paths.auth()}?tab=signup`}>{fr.nav.signUp}</Link>
      </Button>
    </>
  );
}

/** The phone's menu below the header: the pages, 'Contact', then the account's links or the sign-in buttons. */
function MobileMenu({
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

function AuthPlaceholder() {
  // Waits for the session: a page showing it hydrates once the session is known (lib/hydrate-when-needed).
  return <div aria-hidden="true" data-testid="auth-placeholder" className="h-10 w-44 animate-pulse rounded-md bg-muted" {...{ [HYDRATE_WITH_SESSION]: '' }} />;
}

/**
 * A fixed-width slot: the placeholder, the sign-in buttons and the account menu take the same
 * room, so the navigation does not slide sideways when the session resolves.
 */
function AuthSlot({ signedIn, loading, unread }: { signedIn: boolean; loading: boolean; unread: number }) {
  return (
    <div className="hidden min-w-56 items-center justify-end gap-2 md:flex" data-testid="auth-slot">
      {loading ? (
        <AuthPlaceholder />
      ) : signedIn ? (
        <AccountMenu
          unread={unread}
          fallback={<AuthPlaceholder />}
          failed={(retry) => (
            <Button variant="outline" onClick={retry}>
              {fr.nav.account}
            </Button>
          )}
        />
      ) : (
        <SignInButtons signIn="ghost" />
      )}
    </div>
  );
}

/** The contact dialog's chunk did not arrive: the contact page says the same, so go there. */
function ContactPageInstead({ onDone }: { onDone(): void }) {
  const navigate = useNavigate();
  useEffect(() => {
    onDone();
    navigate(paths.contact());
  }, [navigate, onDone]);
  return null;
}

/** 'Contact' opens a dialog, its code fetched at the first tap (`requested`). */
function useContactDialog() {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const dialog = requested && (
    <ContactDialog
      open={open}
      onOpenChange={setOpen}
      fallback={null}
      failed={(retry) => <ContactPageInstead onDone={() => { retry(); setRequested(false); }} />}
    />
  );
  const show = () => {
    setRequested(true);
    setOpen(true);
  };
  return { dialog, show };
}

export function SiteHeader() {
  const { user, loading } = useAuth();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const contact = useContactDialog();
  const menuId = useId();
  // Unread messages of the signed-in user, kept live: the account menu's and the mobile menu's badge.
  const [unreadCount, setUnreadCount] = useState(0);
  const unread = user ? unreadCount : 0;

  // Close the mobile menu on navigation.
  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);

  const openContact = () => {
    contact.show();
    setMenuOpen(false);
  };

  return (
    <header data-testid="site-header" className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-card focus:px-3 focus:py-2 focus:shadow"
      >
        {fr.nav.skipToContent}
      </a>
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Logo />
        <nav aria-label={fr.nav.mainNavigation} className="hidden items-center gap-1 md:flex">
          <SiteNavLinks />
          <Button variant="ghost" className="text-foreground/80" onClick={openContact}>
            {fr.nav.contact}
          </Button>
        </nav>
        <AuthSlot signedIn={!!user} loading={loading} unread={unread} />
        <Button
          variant="ghost"
          size="icon"
          className="relative md:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? fr.nav.closeMenu : unread > 0 ? `${fr.nav.openMenu} (${inboxText.unreadCount(unread)})` : fr.nav.openMenu}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
          {!menuOpen && unread > 0 && (
            <span aria-hidden="true" className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-primary ring-2 ring-background" data-testid="menu-unread-dot" />
          )}
        </Button>
      </div>

      <MobileMenu id={menuId} open={menuOpen} signedIn={!!user} loading={loading} unread={unread} onContact={openContact} />

      {user && <UnreadCountWatcher onChange={setUnreadCount} fallback={null} />}
      {user && <PayLinkPaidWatcher fallback={null} />}
      {contact.dialog}
    </header>
  );
}
