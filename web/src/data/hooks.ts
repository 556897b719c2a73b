import type { OperationVariables } from '@apollo/client';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { loadApollo } from './apollo';
import { operationName, queryKey } from './operation-name';
import { QueryHandle, toError } from './query-handle';
import type { Document, MutateFunction, MutationState, QueryOptions, QueryResult, SubscriptionOptions, SubscriptionResult } from './types';

/**
 * The public pages' data hooks in the browser: Apollo's useQuery/useMutation/useSubscription, with
 * Apollo Client itself fetched only when needed (data/apollo.ts). A server-rendered page hydrates
 * from the answers it was rendered with (data/seeds.ts). The server's render uses hooks.server.ts.
 */
/**
 * The one door to data hooks (eslint.restricted-imports.mjs refuses `@apollo/client/react` elsewhere):
 * - `useQuery`, `useMutation`, `useSubscription` (below): the public pages', without Apollo's download;
 * - `useApolloQuery`, `useApolloMutation`, `useApolloSubscription`, `useApolloClient`: Apollo's own hooks
 *   (all their options), for the parts that arrive with Apollo Client inside its provider
 *   (data/with-apollo.ts: signed-in pages, the admin area, the payment dialog), from apollo-hooks.ts.
 */
export { useApolloClient, useApolloMutation, useApolloQuery, useApolloSubscription } from './apollo-hooks';

export function useQuery<TData, TVariables extends OperationVariables>(
  doc: Document<TData, TVariables>,
  options: QueryOptions<TVariables> = {},
): QueryResult<TData> {
  const key = queryKey(operationName(doc), options.variables);
  const { skip, fetchPolicy, errorPolicy, viewerDependent } = options;
  // A new handle when what is asked changes; the options are read as they were then.
  const handle = useMemo(() => new QueryHandle(doc, options, key), [doc, key, skip, fetchPolicy, errorPolicy, viewerDependent]);
  const snapshot = useSyncExternalStore(handle.subscribe, handle.getSnapshot, handle.getSnapshot);
  const last = useRef<TData | undefined>(undefined);
  const previousData = last.current;
  if (snapshot.data !== undefined) last.current = snapshot.data;
  return { data: snapshot.data, previousData, loading: snapshot.loading, error: snapshot.error, refetch: handle.refetch };
}

export function useMutation<TData, TVariables extends OperationVariables>(
  doc: Document<TData, TVariables>,
): readonly [MutateFunction<TData, TVariables>, MutationState<TData>] {
  const [state, setState] = useState<MutationState<TData>>({ data: undefined, loading: false, error: undefined, called: false });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const mutate = useCallback<MutateFunction<TData, TVariables>>(
    async (opts) => {
      setState({ data: undefined, loading: true, error: undefined, called: true });
      try {
        const client = await loadApollo();
        const result = await client.mutate<TData, TVariables>({ mutation: doc, variables: opts?.variables } as never);
        if (mounted.current) setState({ data: result.data as TData | null | undefined, loading: false, error: undefined, called: true });
        return { data: result.data as TData | null | undefined };
      } catch (err) {
        if (mounted.current) setState({ data: undefined, loading: false, error: toError(err), called: true });
        throw err;
      }
    },
    [doc],
  );
  return [mutate, state] as const;
}

export function useSubscription<TData, TVariables extends OperationVariables>(
  doc: Document<TData, TVariables>,
  options: SubscriptionOptions<TVariables> = {},
): SubscriptionResult<TData> {
  const skip = options.skip === true;
  const key = queryKey(operationName(doc), options.variables);
  const [state, setState] = useState<SubscriptionResult<TData>>({ data: undefined, loading: !skip, error: undefined });
  const variables = useRef(options.variables);
  variables.current = options.variables;
  useEffect(() => {
    if (skip) return;
    let stopped = false;
    let unsubscribe: (() => void) | null = null;
    setState((s) => (s.loading ? s : { ...s, loading: s.data === undefined }));
    loadApollo().then(
      (client) => {
        if (stopped) return;
        const subscription = client.subscribe<TData, TVariables>({ query: doc, variables: variables.current } as never).subscribe({
          next: (result) => setState({ data: (result.data as TData | undefined) ?? undefined, loading: false, error: result.error ?? undefined }),
          error: (err: unknown) => setState((s) => ({ ...s, loading: false, error: toError(err) })),
        });
        unsubscribe = () => subscription.unsubscribe();
      },
      (err: unknown) => {
        if (!stopped) setState((s) => ({ ...s, loading: false, error: toError(err) }));
      },
    );
    return () => {
      stopped = true;
      unsubscribe?.();
    };
  }, [doc, key, skip]);
  return state;
}
