import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { useAuth } from '@/auth/auth-context';
import { Card } from '@/components/ui/card';
import { usePage } from '@/hooks/use-page';
import { fr } from '@/i18n/fr';
import { AdminSignInForm } from './admin-sign-in-form';
import { ForgotPasswordForm } from './forgot-password-form';

/** /admin/login: no site header or footer; an administrator already signed in goes to /admin. */
export default function AdminLoginPage() {
  usePage(fr.adminLogin.documentTitle, { meta: { noindex: true } });
  const { isAdmin } = useAuth();
  const [forgot, setForgot] = useState(false);

  if (isAdmin) return <Navigate to={paths.admin()} replace />;

  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-muted/50 p-4">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <div className="mb-6 flex flex-col items-center gap-2 text-center">
          <span className="grid size-12 place-items-center rounded-full bg-primary text-primary-foreground">
            <ShieldCheck className="size-6" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-bold">{fr.adminLogin.title}</h1>
          <p className="text-sm text-muted-foreground">{fr.adminLogin.subtitle}</p>
        </div>
        {forgot ? (
          <ForgotPasswordForm asAdmin idPrefix="admin-login" onBack={() => setForgot(false)} />
        ) : (
          <AdminSignInForm idPrefix="admin-login" onBeforeSignIn={() => undefined} onForgot={() => setForgot(true)} />
        )}
        <div className="mt-6 text-center">
          <Link to={paths.home()} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
            <ArrowLeft className="size-4" aria-hidden="true" />
            {fr.adminLogin.backToSite}
          </Link>
        </div>
      </Card>
    </main>
  );
}
