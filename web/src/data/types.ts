import type { ErrorPolicy, TypedDocumentNode, WatchQueryFetchPolicy } from '@apollo/client';

/**
 * The data hooks of the public pages (data/hooks.ts in the browser, data/hooks.server.ts in the
 * server's render): the part of Apollo's hooks those pages use, under the same names.
 */
export interface QueryOptions<TVariables> {
  variables?: TVariables;
  skip?: boolean;
  fetchPolicy?: WatchQueryFetchPolicy;
  errorPolicy?: ErrorPolicy;
  /**
   * The answer depends on who asks (the latest video's `purchased`): a page that started from the
   * server's answer (always a visitor's) asks again once someone is signed in.
   */
  viewerDependent?: boolean;
}

export interface QueryResult<TData> {
  data: TData | undefined;
  /** The last data shown before this answer (a list keeps its page while the next one loads). */
  previousData: TData | undefined;
  loading: boolean;
  error: Error | undefined;
  refetch(): Promise<unknown>;
}

export interface MutationState<TData> {
  data: TData | null | undefined;
  loading: boolean;
  error: Error | undefined;
  called: boolean;
}

export type MutateFunction<TData, TVariables> = (options?: { variables?: TVariables }) => Promise<{ data?: TData | null }>;

export interface SubscriptionOptions<TVariables> {
  variables?: TVariables;
  skip?: boolean;
}

export interface SubscriptionResult<TData> {
  data: TData | undefined;
  loading: boolean;
  error: Error | undefined;
}

export type Document<TData, TVariables> = TypedDocumentNode<TData, TVariables>;
