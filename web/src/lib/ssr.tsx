import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';

/**
 * What differs between the server's render and the browser, made safe for hydration: the hydrating
 * render uses the server's values (useSyncExternalStore's server snapshot), then React re-renders
 * with the browser's own, without a mismatch.
 */
const subscribeNever = () => () => undefined;

/** False on the server and during hydration, true once the page is live in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/** The origin the page was rendered for (the server's public origin; in the browser, the server's HTML's). */
const SiteOriginContext = createContext<string>('');

export function SiteOriginProvider({ origin, children }: { origin: string; children: ReactNode }) {
  return <SiteOriginContext.Provider value={origin}>{children}</SiteOriginContext.Provider>;
}

/** The site's origin for absolute links (share links): the server's while hydrating, then the browser's own. */
export function useSiteOrigin(): string {
  const rendered = useContext(SiteOriginContext);
  return useSyncExternalStore(
    subscribeNever,
    () => window.location.origin,
    () => rendered,
  );
}
