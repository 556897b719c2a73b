import { Link, NavLink } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { Button } from '@/components/ui/button';
import { fr } from '@/i18n/fr';
import { cn } from '@/lib/utils';
import { SITE_NAV } from './nav-items';

/** The header's link style (the mobile menu's account links take it too): the current page in the brand's colour. */
export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground',
    isActive ? 'text-primary' : 'text-foreground/80',
  );

/** The site's pages (SITE_NAV), as the header and its mobile menu list them. */
export function SiteNavLinks() {
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
export function SignInButtons({ signIn }: { signIn: 'ghost' | 'outline' }) {
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
