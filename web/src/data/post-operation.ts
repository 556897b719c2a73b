import type { TypedDocumentNode } from '@apollo/client';
import type { GraphQLFormattedError } from 'graphql';
import { currentAccessToken } from '@/apollo/session';
import { persistedQueryNotFound, registeredRequest } from './registered-request';

export interface OperationResult<TData> {
  data?: TData | null;
  errors?: readonly GraphQLFormattedError[];
}

/**
 * One operation over plain HTTP, for the two every page makes before anything else can need Apollo
 * Client: the session refresh and the page visit. Same request as Apollo's HTTP and persisted-query
 * links send a mutation (JSON body naming the registered document by hash, same-origin cookie, the
 * access token if any; the text once more when the server does not know the hash: development).
 * Throws when the server could not be reached or did not answer in GraphQL.
 */
export async function postOperation<TData, TVariables>(
  doc: TypedDocumentNode<TData, TVariables>,
  variables?: TVariables,
  init: { keepalive?: boolean } = {},
): Promise<OperationResult<TData>> {
  let body = await send<TData>(JSON.stringify(await registeredRequest(doc, variables)), init);
  if (persistedQueryNotFound(body)) body = await send<TData>(JSON.stringify(await registeredRequest(doc, variables, true)), init);
  return body;
}

async function send<TData>(requestBody: string, init: { keepalive?: boolean }): Promise<OperationResult<TData>> {
  const token = currentAccessToken();
  const res = await fetch('/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    keepalive: init.keepalive,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: requestBody,
  });
  const body = (await res.json()) as OperationResult<TData>;
  if (!body || typeof body !== 'object' || (!('data' in body) && !Array.isArray(body.errors))) {
    throw new Error(`GraphQL answered ${res.status} without a result`);
  }
  return body;
}
