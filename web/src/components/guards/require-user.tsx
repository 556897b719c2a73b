import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { toast } from 'sonner';
import { useAuth } from '@/auth/auth-context';
import { authPathReturningTo } from '@/auth/return-to';
import { PageSpinner } from '@/components/ui/spinner';
import { fr } from '@/i18n/fr';

/** Signed-in guard: spinner while the session loads; without a user, toast then /auth, which brings them back here. */
export function RequireUser() {
  const { user, loading } = useAuth();
  const location = useLocation();
  const denied = !loading && !user;

  useEffect(() => {
    if (denied) {
      toast.error(fr.guards.restrictedTitle, {
        id: 'access-restricted',
        description: fr.guards.restrictedText,
      });
    }
  }, [denied]);

  if (loading) return <PageSpinner label={fr.common.loading} />;
  if (!user) return <Navigate to={authPathReturningTo(location)} replace />;
  return <Outlet />;
}
