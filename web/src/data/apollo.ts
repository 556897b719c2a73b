import type { ApolloClient } from '@apollo/client';

/**
 * The browser's one Apollo Client, fetched and created on first need: a query the server did not
 * answer, a mutation, a live subscription, a signed-in session, or the visitor's first touch (a tap
 * is often on its way to one of those). A visitor who only reads a server-rendered page never
 * downloads it. A chunk that fails to arrive (offline) is asked for again next time.
 */
let pending: Promise<ApolloClient> | null = null;
let loaded: ApolloClient | null = null;
const listeners = new Set<(client: ApolloClient) => void>();

export function loadApollo(): Promise<ApolloClient> {
  pending ??= import('@/apollo/client').then(
    ({ createBrowserApolloClient }) => {
      const client = createBrowserApolloClient();
      loaded = client;
      for (const listener of [...listeners]) listener(client);
      listeners.clear();
      return client;
    },
    (err: unknown) => {
      pending = null;
      throw err;
    },
  );
  return pending;
}

/** The client if it is already there (no download). */
export function loadedApollo(): ApolloClient | null {
  return loaded;
}

/** Calls `listener` once the client exists (at once if it does); returns how to stop waiting. */
export function whenApolloLoaded(listener: (client: ApolloClient) => void): () => void {
  if (loaded) {
    listener(loaded);
    return () => undefined;
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Starts fetching the client at the visitor's first touch, key press or focus (see above). */
export function loadApolloOnFirstTouch(): void {
  const events = ['pointerdown', 'keydown', 'focusin'] as const;
  const start = () => {
    for (const type of events) document.removeEventListener(type, start, true);
    void loadApollo().catch(() => undefined);
  };
  for (const type of events) document.addEventListener(type, start, { capture: true, passive: true });
}
