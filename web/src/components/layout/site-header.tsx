import { useEffect, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { useAuth } from '@/auth/auth-context';
import { lazyPart } from '@/components/lazy-part';
import { withApollo } from '@/data/with-apollo';
import { Button } from '@/components/ui/button';
import { fr } from '@/i18n/fr';
import { HYDRATE_WITH_SESSION } from '@/lib/hydrate-when-needed';
import { Logo } from './logo';
import { MenuButton, MobileMenu } from './mobile-menu';
import { SignInButtons, SiteNavLinks } from './nav-links';

// What only a signed-in user or a tap needs (the dropdown, the dialog, the messaging queries) is
// fetched when first rendered, not with every page: a visitor's first download has none of it.
const AccountMenu = lazyPart(() => import('./account-menu'));
const UnreadCountWatcher = lazyPart(withApollo(() => import('./unread-count-watcher')));
const ContactDialog = lazyPart(() => import('./contact-dialog'));

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
        <MenuButton open={menuOpen} controls={menuId} unread={unread} onToggle={() => setMenuOpen((open) => !open)} />
      </div>

      <MobileMenu id={menuId} open={menuOpen} signedIn={!!user} loading={loading} unread={unread} onContact={openContact} />

      {user && <UnreadCountWatcher onChange={setUnreadCount} fallback={null} />}
      {contact.dialog}
    </header>
  );
}
