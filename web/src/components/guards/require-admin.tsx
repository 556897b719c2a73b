import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAuth } from '@/auth/auth-context';
import { Spinner } from '@/components/ui/spinner';
import { fr } from '@/i18n/fr';

/** Admin guard: 'Vérification des droits d'accès...' while checking; no user -> /auth; not admin -> /. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, loading, isAdmin } = useAuth();
  if (loading) {
    return (
      <div className="flex min-h-dvh flex-col items-center justify-center gap-3 text-muted-foreground">
        <Spinner label={fr.guards.checkingAdmin} />
        <p aria-hidden="true">{fr.guards.checkingAdmin}</p>
      </div>
    );
  }
  if (!user) return <Navigate to="/auth" replace />;
  if (!isAdmin) return <Navigate to="/" replace />;
  return <>{children}</>;
}
