import { useMutation as useApolloMutation, useQuery as useApolloQuery } from '@apollo/client/react';
import type { OperationVariables } from '@apollo/client';
import { useContext } from 'react';
import { operationName, queryKey } from './operation-name';
import { SeedCollectorContext } from './seeds';
import type { Document, MutateFunction, MutationState, QueryOptions, QueryResult, SubscriptionOptions, SubscriptionResult } from './types';

/**
 * The server's side of data/hooks.ts (the SSR build aliases one to the other, web/vite.config.ts):
 * Apollo's own hooks, so that `prerenderStatic` finds and runs every query of the page, and each
 * query's answer is noted for the browser's hydrating render (data/seeds.ts).
 */
export { useApolloClient, useApolloMutation, useApolloQuery, useApolloSubscription } from './apollo-hooks';

export function useQuery<TData, TVariables extends OperationVariables>(
  doc: Document<TData, TVariables>,
  options: QueryOptions<TVariables> = {},
): QueryResult<TData> {
  const { viewerDependent: _perViewer, ...apolloOptions } = options;
  const result = useApolloQuery(doc, apolloOptions as never) as unknown as {
    data: TData | undefined;
    previousData: TData | undefined;
    dataState: string;
    loading: boolean;
    error: Error | undefined;
    refetch(): Promise<unknown>;
  };
  const collector = useContext(SeedCollectorContext);
  if (collector && !options.skip) {
    const name = operationName(doc);
    const variables = (options.variables ?? {}) as Record<string, unknown>;
    if (result.data !== undefined && result.dataState === 'complete') {
      collector.set(queryKey(name, variables), { operationName: name, variables, data: result.data });
    } else if (!result.loading && result.error) {
      // No answer but an error the page shows: the browser starts from the same (data/query-handle.ts).
      collector.set(queryKey(name, variables), { operationName: name, variables, data: null, error: result.error.message });
    }
  }
  return { data: result.data, previousData: result.previousData, loading: result.loading, error: result.error, refetch: () => result.refetch() };
}

/** A mutation never runs during a server render; the hook is only there for the markup. */
export function useMutation<TData, TVariables extends OperationVariables>(
  doc: Document<TData, TVariables>,
): readonly [MutateFunction<TData, TVariables>, MutationState<TData>] {
  const [mutate, state] = useApolloMutation(doc);
  return [
    (opts) => mutate(opts as never) as Promise<{ data?: TData | null }>,
    { data: state.data as TData | null | undefined, loading: state.loading, error: state.error, called: state.called },
  ] as const;
}

/** Live updates start in the browser: the server renders what the browser's first render shows. */
export function useSubscription<TData, TVariables extends OperationVariables>(
  _doc: Document<TData, TVariables>,
  options: SubscriptionOptions<TVariables> = {},
): SubscriptionResult<TData> {
  return { data: undefined, loading: options.skip !== true, error: undefined };
}
