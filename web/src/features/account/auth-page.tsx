import { lazy, Suspense, useRef } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { useAuth } from '@/auth/auth-context';
import { RETURN_TO_PARAM, safeReturnPath } from '@/auth/return-to';
import { Card } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePage } from '@/hooks/use-page';
import { fr } from '@/i18n/fr';
import { AdminSignInForm } from './admin-sign-in-form';
import { ForgotPasswordForm } from './forgot-password-form';
import { ResetPasswordForm } from './reset-password-form';
import { SignInForm } from './sign-in-form';

// The sign-up form brings the country list, phone rules and the captcha: fetched with its tab.
const SignUpForm = lazy(() => import('./sign-up-form'));

type Tab = 'signin' | 'signup' | 'admin';

function asTab(value: string | null): Tab {
  return value === 'signup' || value === 'admin' ? value : 'signin';
}

/**
 * /auth: tabs Connexion, Inscription, Admin; `?tab=signup|admin` selects one, `?view=forgot` shows
 * the forgot-password view of the current tab, `?reset=<token>` the reset view (e-mailed link).
 * A signed-in visitor goes to /dashboard; after signing in or up, /dashboard (Admin tab: /admin),
 * unless `?next=` names the page that sent them here (a guarded page, a shared video link, a buy
 * button): then back to that page, if it is a path of this site (auth/return-to.ts).
 */
export default function AuthPage() {
  usePage(fr.auth.documentTitle, { meta: { noindex: true, canonicalPath: paths.auth() } });
  const { user } = useAuth();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const returnTo = safeReturnPath(params.get(RETURN_TO_PARAM));
  const destination = useRef(returnTo ?? paths.dashboard());
  const tab = asTab(params.get('tab'));
  const forgot = params.get('view') === 'forgot';
  const resetToken = params.get('reset');

  if (user) return <Navigate to={destination.current} replace />;

  const show = (next: { tab?: Tab; forgot?: boolean }) => {
    const search = new URLSearchParams();
    const nextTab = next.tab ?? tab;
    if (nextTab !== 'signin') search.set('tab', nextTab);
    if (next.forgot) search.set('view', 'forgot');
    if (returnTo) search.set(RETURN_TO_PARAM, returnTo);
    setParams(search, { replace: !next.forgot });
  };

  return (
    <section className="container-page flex justify-center py-10 sm:py-14">
      <Card className="w-full max-w-lg p-5 sm:p-8">
        <div className="mb-6 text-center">
          <h1 className="text-2xl font-bold">{fr.auth.title}</h1>
          <p className="text-sm text-muted-foreground">{fr.auth.subtitle}</p>
        </div>

        {resetToken ? (
          <ResetPasswordForm token={resetToken} onDone={() => navigate(returnTo ? `${paths.auth()}?${RETURN_TO_PARAM}=${encodeURIComponent(returnTo)}` : paths.auth(), { replace: true })} />
        ) : forgot ? (
          <ForgotPasswordForm
            asAdmin={tab === 'admin'}
            idPrefix={tab}
            onBack={() => show({ forgot: false })}
          />
        ) : (
          <Tabs value={tab} onValueChange={(value) => show({ tab: asTab(value) })}>
            <TabsList>
              <TabsTrigger value="signin">{fr.auth.tabs.signIn}</TabsTrigger>
              <TabsTrigger value="signup">{fr.auth.tabs.signUp}</TabsTrigger>
              <TabsTrigger value="admin">{fr.auth.tabs.admin}</TabsTrigger>
            </TabsList>
            <TabsContent value="signin">
              <SignInForm
                onBeforeSignIn={() => (destination.current = returnTo ?? paths.dashboard())}
                onForgot={() => show({ forgot: true })}
              />
            </TabsContent>
            <TabsContent value="signup">
              <Suspense fallback={<PageSpinner label={fr.common.loading} />}>
                <SignUpForm onBeforeSignUp={() => (destination.current = returnTo ?? paths.dashboard())} />
              </Suspense>
            </TabsContent>
            <TabsContent value="admin">
              <p className="mb-4 text-sm text-muted-foreground">{fr.auth.adminIntro}</p>
              <AdminSignInForm
                idPrefix="auth-admin"
                onBeforeSignIn={() => (destination.current = returnTo ?? paths.admin())}
                onForgot={() => show({ forgot: true })}
              />
            </TabsContent>
          </Tabs>
        )}
      </Card>
    </section>
  );
}
