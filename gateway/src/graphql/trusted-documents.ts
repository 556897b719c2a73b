import type { KeyValueCache } from '@apollo/utils.keyvaluecache';
import { InMemoryLRUCache } from '@apollo/utils.keyvaluecache';
import { bearerToken } from '@lbf/service-kit';
import { GraphQLError, print, type DocumentNode } from 'graphql';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isApiKey } from './api-keys';

/**
 * Trusted documents (issue 24 point 6): the web app's operations, registered when it is built
 * (`web/dist-manifest/persisted-query-manifest.json`, written by Apollo's
 * `generate-persisted-query-manifest` from web/src), each under the SHA-256 of its text as Apollo's
 * automatic persisted queries hash it. With `only` (production), a browser's request must name a
 * registered document by that hash (`extensions.persistedQuery.sha256Hash`) and need not send the
 * text; an unknown hash is PERSISTED_QUERY_NOT_FOUND and a document sent as text alone is refused.
 * An API key's request (an integration) may send any document; the server render runs in process
 * (never through HTTP) and is trusted as the gateway's own code.
 */
export interface TrustedDocuments {
  /** Whether browsers are held to registered documents (production). */
  readonly only: boolean;
  /** Registered documents: hash → text. */
  readonly documents: ReadonlyMap<string, string>;
  /** The refusal of an HTTP request's operation, or null when it may go on to Apollo Server. */
  refusal(body: unknown, authorization: string | undefined): GraphQLError | null;
  /** Whether a document sent as text (a subscription over the WebSocket) is a registered one. */
  registeredDocument(document: DocumentNode): boolean;
  /** Apollo Server's persisted-query store: the registered documents, then (development only) what browsers register. */
  apqCache(): KeyValueCache<string>;
}

export const PERSISTED_QUERY_REQUIRED = 'PERSISTED_QUERY_REQUIRED';

interface ManifestOperation {
  id: string;
  name: string;
  type: 'query' | 'mutation' | 'subscription';
  body: string;
}

/**
 * A document's text as the manifest holds it: its operations, then its fragments, each group by name
 * (Apollo's `sortTopLevelDefinitions`), printed by graphql's printer.
 */
export function registeredText(document: DocumentNode): string {
  const name = (def: DocumentNode['definitions'][number]) => ('name' in def && def.name ? def.name.value : '');
  const definitions = [...document.definitions].sort((a, b) => (a.kind === b.kind ? (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0) : a.kind > b.kind ? -1 : 1));
  return print({ ...document, definitions });
}

export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Reads an Apollo persisted-query manifest; each id must be the SHA-256 of its body (APQ's hash). */
export function readManifest(file: string): Map<string, string> {
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as { format?: string; version?: number; operations?: ManifestOperation[] };
  if (manifest.format !== 'apollo-persisted-query-manifest' || manifest.version !== 1 || !Array.isArray(manifest.operations)) {
    throw new Error(`${file}: not an Apollo persisted-query manifest (format apollo-persisted-query-manifest, version 1)`);
  }
  const documents = new Map<string, string>();
  for (const op of manifest.operations) {
    if (sha256Hex(op.body) !== op.id) throw new Error(`${file}: the id of ${op.name} is not the SHA-256 of its text`);
    documents.set(op.id, op.body);
  }
  return documents;
}

export function persistedQueryNotFound(): GraphQLError {
  return new GraphQLError('PersistedQueryNotFound', {
    extensions: { code: 'PERSISTED_QUERY_NOT_FOUND', http: { status: 200 } },
  });
}

export function freeTextRefused(): GraphQLError {
  return new GraphQLError(
    'Seules les opérations enregistrées de l’application sont acceptées, envoyées par leur empreinte ; une intégration envoie ses requêtes avec une clé d’API (only registered operations, sent by hash; integrations use an API key)',
    { extensions: { code: PERSISTED_QUERY_REQUIRED, http: { status: 400 } } },
  );
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** The hash a request names (`extensions.persistedQuery.sha256Hash`; a GET carries extensions as JSON text). */
export function requestedHash(body: unknown): string | null {
  if (!isObject(body)) return null;
  let extensions = body.extensions;
  if (typeof extensions === 'string') {
    try {
      extensions = JSON.parse(extensions) as unknown;
    } catch {
      return null;
    }
  }
  if (!isObject(extensions) || !isObject(extensions.persistedQuery)) return null;
  const hash = extensions.persistedQuery.sha256Hash;
  return typeof hash === 'string' ? hash : null;
}

/** The registered documents as Apollo Server's APQ cache (keys arrive prefixed, `apq:<hash>`). */
class ManifestCache implements KeyValueCache<string> {
  constructor(
    private readonly documents: ReadonlyMap<string, string>,
    private readonly registered: KeyValueCache<string> | null,
  ) {}

  async get(key: string): Promise<string | undefined> {
    const hash = key.slice(key.lastIndexOf(':') + 1);
    return this.documents.get(hash) ?? (await this.registered?.get(key));
  }

  async set(key: string, value: string, options?: { ttl?: number | null }): Promise<void> {
    // Production registers nothing at run time: the build's manifest is the list.
    await this.registered?.set(key, value, options);
  }

  async delete(key: string): Promise<boolean | void> {
    await this.registered?.delete(key);
  }
}

export function trustedDocuments(documents: ReadonlyMap<string, string>, only: boolean): TrustedDocuments {
  const cache = new ManifestCache(documents, only ? null : new InMemoryLRUCache<string>({ maxSize: 2 ** 22 }));
  return {
    only,
    documents,
    refusal(body, authorization) {
      if (!only || isApiKey(bearerToken(authorization))) return null;
      // A batch is refused by Apollo Server itself (batching is off).
      if (Array.isArray(body)) return null;
      const hash = requestedHash(body);
      if (hash !== null) return documents.has(hash) ? null : persistedQueryNotFound();
      return freeTextRefused();
    },
    registeredDocument: (document) => documents.has(sha256Hex(registeredText(document))),
    apqCache: () => cache,
  };
}
