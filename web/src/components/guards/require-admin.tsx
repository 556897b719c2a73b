import { useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { useAuth } from '@/auth/auth-context';
import { authPathReturningTo } from '@/auth/return-to';
import { Spinner } from '@/components/ui/spinner';
import { fr } from '@/i18n/fr';
import { useRestrictedToast } from './restricted-toast';

/**
 * Admin guard: 'Vérification des droits d'accès...' while checking; no user -> /auth (and back here
 * after signing in); not admin -> /. Either refusal shows the 'Accès restreint' toast the other
 * guards show (not after a ban, already told in its own words).
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, loading, isAdmin, accountDisabled } = useAuth();
  const location = useLocation();
  // An administrator who signs out here was let in: leaving is no refusal.
  const granted = useRef(false);
  if (!loading && user && isAdmin) granted.current = true;
  const refused =
    loading || accountDisabled || granted.current ? null : !user ? fr.guards.restrictedText : !isAdmin ? fr.guards.restrictedAdminText : null;
  useRestrictedToast(refused !== null, refused ?? '');
  if (loading) {
    return (
      <div className="flex min-h-dvh flex-col items-center justify-center gap-3 text-muted-foreground">
        <Spinner label={fr.guards.checkingAdmin} />
        <p aria-hidden="true">{fr.guards.checkingAdmin}</p>
      </div>
    );
  }
  if (!user) return <Navigate to={authPathReturningTo(location)} replace />;
  if (!isAdmin) return <Navigate to={paths.home()} replace />;
  return <>{children}</>;
}
