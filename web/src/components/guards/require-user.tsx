import { lazy, Suspense } from 'react';
import { matchPath, Navigate, Outlet, useLocation } from 'react-router-dom';
import { ROUTE_ENTRIES } from '@/app/route-manifest';
import { useAuth } from '@/auth/auth-context';
import { authPathReturningTo } from '@/auth/return-to';
import { PageSpinner } from '@/components/ui/spinner';
import { fr } from '@/i18n/fr';
import type { PreviewKind } from '@/features/catalogue/item-preview';
import { useRestrictedToast } from './restricted-toast';

type ItemPreviewType = (typeof import('@/features/catalogue/item-preview'))['default'];
let ItemPreviewLoaded: ItemPreviewType | undefined;
/**
 * Fetches the visitor's preview page ahead (main.tsx, before hydrating a server-rendered one): a
 * preview suspended during hydration would be rendered anew after it, so a tap held meanwhile (the
 * free preview's play button) would land on a node that is gone (lib/lazy-page says the same of pages).
 */
export function preloadItemPreview(): Promise<void> {
  return import('@/features/catalogue/item-preview').then((module) => {
    ItemPreviewLoaded = module.default;
  });
}
const LazyItemPreview = lazy(() => preloadItemPreview().then(() => ({ default: ItemPreviewLoaded as ItemPreviewType })));

/**
 * Detail pages whose content needs an account but whose description is public (and shared): the
 * manifest's routes with a `preview` (/videos/:id, /video/:id, /pdfs/:id).
 */
const PREVIEWED: ReadonlyArray<{ pattern: string; kind: PreviewKind }> = ROUTE_ENTRIES.flatMap(([, r]) => (r.preview ? [{ pattern: r.path, kind: r.preview }] : []));

export function previewedItem(pathname: string): { kind: PreviewKind; id: string } | null {
  for (const { pattern, kind } of PREVIEWED) {
    const id = matchPath(pattern, pathname)?.params.id;
    if (id) return { kind, id };
  }
  return null;
}

/**
 * Signed-in guard. A video's or a guide's page shows its public preview to a visitor ('Connexion
 * requise' and the way to /auth and back), also while the session is read, so its title and link
 * preview are in the server's HTML. Elsewhere: spinner while the session loads; without a user,
 * toast then /auth, which brings them back here.
 */
export function RequireUser() {
  const { user, loading, accountDisabled } = useAuth();
  const location = useLocation();
  const preview = user ? null : previewedItem(location.pathname);
  const denied = !loading && !user && !preview;

  useRestrictedToast(denied && !accountDisabled, fr.guards.restrictedText);

  if (preview) {
    const ItemPreview = ItemPreviewLoaded ?? LazyItemPreview;
    return (
      <Suspense fallback={<PageSpinner label={fr.common.loading} />}>
        <ItemPreview key={`${preview.kind}:${preview.id}`} kind={preview.kind} id={preview.id} checking={loading} />
      </Suspense>
    );
  }
  if (loading) return <PageSpinner label={fr.common.loading} />;
  if (!user) return <Navigate to={authPathReturningTo(location)} replace />;
  return <Outlet />;
}
