import type { DocumentNode } from 'graphql';
import { printedDocument, sortedDefinitions } from '@/lib/gql-document';
import { operationName } from './operation-name';

/**
 * Trusted documents (issue 24 point 6): every operation of the app is registered when it is built
 * (web/dist-manifest/persisted-query-manifest.json, Apollo's generate-persisted-query-manifest) under
 * the SHA-256 of its text, as Apollo's persisted queries hash it. In production the gateway accepts
 * from a browser only a registered document named by that hash; in development it also takes the
 * text (sent again when the gateway does not know the hash, and then registered, as APQ does).
 */

/** The SHA-256 of a text in hex, as the manifest's ids; null where Web Crypto is absent (a page on plain http). */
export async function sha256Hex(text: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The registered text of a document: printed at build time (vite-plugin-graphql.ts), so that a page which
 * only reads runs no GraphQL printer; else printed here as Apollo Client would send it.
 */
export async function registeredText(doc: DocumentNode): Promise<string> {
  const built = printedDocument(doc);
  if (built !== null) return built;
  const [{ print }, { addTypenameToDocument }] = await Promise.all([import('graphql'), import('@apollo/client/utilities')]);
  const typed = addTypenameToDocument(doc);
  return print({ ...typed, definitions: sortedDefinitions(typed) });
}

export interface RegisteredRequest {
  operationName: string;
  variables: unknown;
  extensions?: { persistedQuery: { version: 1; sha256Hash: string } };
  query?: string;
}

/**
 * A request body naming its registered document by hash, without its text; `withText` adds the text
 * (development, after PERSISTED_QUERY_NOT_FOUND), and so does a browser without Web Crypto.
 */
export async function registeredRequest(doc: DocumentNode, variables: unknown, withText = false): Promise<RegisteredRequest> {
  const query = await registeredText(doc);
  const hash = await sha256Hex(query);
  const body: RegisteredRequest = { operationName: operationName(doc), variables: variables ?? {} };
  if (hash) body.extensions = { persistedQuery: { version: 1, sha256Hash: hash } };
  if (withText || !hash) body.query = query;
  return body;
}

/** Whether an answer says the server does not know the document's hash. */
export function persistedQueryNotFound(body: { errors?: readonly { extensions?: Record<string, unknown> }[] }): boolean {
  return Array.isArray(body.errors) && body.errors.some((e) => e.extensions?.code === 'PERSISTED_QUERY_NOT_FOUND');
}
