import type { TypedDocumentNode } from '@apollo/client';
import type { GraphQLFormattedError } from 'graphql';
import { currentAccessToken } from '@/apollo/session';
import { printedDocument } from '@/lib/gql-document';
import { operationName } from './operation-name';

export interface OperationResult<TData> {
  data?: TData | null;
  errors?: readonly GraphQLFormattedError[];
}

/**
 * The request's text: printed at build time (vite-plugin-gql.ts), so that a page which only reads
 * runs no GraphQL printer; graphql's own printer, fetched then, for a document built otherwise.
 */
async function queryText(doc: TypedDocumentNode<unknown, unknown>): Promise<string> {
  return printedDocument(doc) ?? (await import('graphql')).print(doc);
}

/**
 * One operation over plain HTTP, for the two every page makes before anything else can need Apollo
 * Client: the session refresh and the page visit. Same request as Apollo's HTTP link (JSON body,
 * same-origin cookie, the access token if any). Throws when the server could not be reached or
 * did not answer in GraphQL.
 */
export async function postOperation<TData, TVariables>(
  doc: TypedDocumentNode<TData, TVariables>,
  variables?: TVariables,
  init: { keepalive?: boolean } = {},
): Promise<OperationResult<TData>> {
  const token = currentAccessToken();
  const query = await queryText(doc as TypedDocumentNode<unknown, unknown>);
  const res = await fetch('/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    keepalive: init.keepalive,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ operationName: operationName(doc), query, variables: variables ?? {} }),
  });
  const body = (await res.json()) as OperationResult<TData>;
  if (!body || typeof body !== 'object' || (!('data' in body) && !Array.isArray(body.errors))) {
    throw new Error(`GraphQL answered ${res.status} without a result`);
  }
  return body;
}
