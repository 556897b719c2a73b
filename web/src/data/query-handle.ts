import type { ApolloClient, ObservableQuery, OperationVariables, WatchQueryFetchPolicy } from '@apollo/client';
import { getSessionState, subscribeSession } from '@/apollo/session';
import { loadApollo, loadedApollo, whenApolloLoaded } from './apollo';
import { consumeSeed, seedFor } from './seeds';
import type { Document, QueryOptions } from './types';

export interface QuerySnapshot<TData> {
  data: TData | undefined;
  loading: boolean;
  error: Error | undefined;
}

/** What a failed load or watch is shown as (a thrown non-Error too). */
export function toError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}

function readCache<TData, TVariables extends OperationVariables>(client: ApolloClient, doc: Document<TData, TVariables>, variables: TVariables | undefined): TData | undefined {
  try {
    return (client.readQuery({ query: doc, variables: variables as never }) as TData | null) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * One query of one mounted component, for useSyncExternalStore (data/hooks.ts). It starts from the
 * server's answer when the page was rendered with it (`seeded`: no Apollo, no network), else from
 * Apollo's cache if Apollo is there, and is then kept by an Apollo watch:
 * - seeded: Apollo is attached only when it arrives for another reason (the answer is written into
 *   its cache first, so nothing is fetched), on refetch(), or, for a viewer-dependent query, once
 *   someone is signed in (the server's answer was a visitor's);
 * - otherwise: Apollo is fetched and the query watched with the component's fetch policy.
 */
export class QueryHandle<TData, TVariables extends OperationVariables> {
  private snapshot: QuerySnapshot<TData>;
  private readonly listeners = new Set<() => void>();
  private observable: ObservableQuery<TData, TVariables> | null = null;
  private stops: Array<() => void> = [];
  private seeded = false;
  /** Started from the server's failed answer: a loading state does not replace that error on screen. */
  private retryingServerError = false;

  constructor(
    private readonly doc: Document<TData, TVariables>,
    private readonly options: QueryOptions<TVariables>,
    private readonly key: string,
  ) {
    if (options.skip) {
      this.snapshot = { data: undefined, loading: false, error: undefined };
      return;
    }
    const seed = seedFor(key);
    if (seed?.error !== undefined) {
      // The server's render showed this query failing: so does the hydrating render, then the query
      // is asked again (start); the error stays on screen until an answer replaces it.
      this.retryingServerError = true;
      this.snapshot = { data: undefined, loading: false, error: new Error(seed.error) };
      return;
    }
    if (seed) {
      this.seeded = true;
      this.snapshot = { data: seed.data as TData, loading: false, error: undefined };
      return;
    }
    const client = loadedApollo();
    const cached = client ? readCache(client, doc, options.variables) : undefined;
    const policy = options.fetchPolicy ?? 'cache-first';
    this.snapshot = { data: cached, loading: cached === undefined || (policy !== 'cache-first' && policy !== 'cache-only'), error: undefined };
  }

  getSnapshot = (): QuerySnapshot<TData> => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.start();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  };

  refetch = async (): Promise<unknown> => {
    if (this.observable) return this.observable.refetch();
    const client = await loadApollo();
    this.attach(client, 'network-only');
    return undefined;
  };

  private start(): void {
    if (this.options.skip) return;
    if (this.seeded) {
      this.stops.push(whenApolloLoaded((client) => this.attach(client, 'cache-first')));
      if (this.options.viewerDependent) {
        const askAgainIfSignedIn = () => {
          if (getSessionState().session) this.askAgainForViewer();
        };
        this.stops.push(subscribeSession(askAgainIfSignedIn));
        askAgainIfSignedIn();
      }
      return;
    }
    loadApollo().then(
      (client) => this.attach(client, this.options.fetchPolicy ?? 'cache-first'),
      (err: unknown) => this.set({ data: this.snapshot.data, loading: false, error: toError(err) }),
    );
  }

  private stop(): void {
    for (const stop of this.stops.splice(0)) stop();
    this.observable = null;
  }

  private askAgainForViewer(): void {
    if (!this.seeded) return;
    this.seeded = false;
    if (this.observable) void this.observable.refetch().catch(() => undefined);
    else void loadApollo().then((client) => this.attach(client, 'network-only'), () => undefined);
  }

  private attach(client: ApolloClient, fetchPolicy: WatchQueryFetchPolicy): void {
    if (this.observable || this.listeners.size === 0) return;
    const variables = this.options.variables;
    // What is on screen (the server's answer) goes into the cache: a cache-first watch then fetches nothing.
    if (this.seeded && this.snapshot.data !== undefined) {
      try {
        client.writeQuery({ query: this.doc, variables: variables as never, data: this.snapshot.data as never });
      } catch {
        // An answer the cache cannot take: the watch below asks the network.
      }
    }
    consumeSeed(this.key);
    const observable = client.watchQuery<TData, TVariables>({
      query: this.doc,
      variables: variables as never,
      fetchPolicy,
      errorPolicy: this.options.errorPolicy,
    } as never);
    this.observable = observable;
    const subscription = observable.subscribe({
      next: (result) => {
        const data = result.data as TData | undefined;
        if (this.retryingServerError) {
          if (result.loading && data === undefined) return;
          this.retryingServerError = false;
        }
        this.set({ data: data ?? (result.loading ? this.snapshot.data : undefined), loading: result.loading, error: result.error ?? undefined });
      },
      error: (err: unknown) => this.set({ data: this.snapshot.data, loading: false, error: toError(err) }),
    });
    this.stops.push(() => subscription.unsubscribe());
  }

  private set(next: QuerySnapshot<TData>): void {
    const now = this.snapshot;
    if (now.data === next.data && now.loading === next.loading && now.error === next.error) return;
    this.snapshot = next;
    for (const listener of [...this.listeners]) listener();
  }
}
