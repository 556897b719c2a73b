import type { ComponentType } from 'react';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/**
 * For a lazily loaded page or part written with Apollo's own hooks (signed-in pages, the admin area,
 * the payment dialog): its chunk arrives with Apollo Client, and it renders inside Apollo's provider.
 * The public pages use data/hooks instead, and need neither.
 */
export function withApollo<P extends object>(load: Loader<P>): Loader<P> {
  // The server's render has its own client and provider (entry-server.tsx): never the browser's.
  if (import.meta.env.SSR) return load;
  return () => Promise.all([load(), import('./apollo-provider')]).then(([part, { provideApollo }]) => provideApollo(part.default));
}
