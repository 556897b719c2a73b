import type { DocumentNode } from 'graphql';
import { sortedKeys } from '../lib/stable-json';

/** The name of a document's operation ('HomePage'), '' for an anonymous one. */
export function operationName(doc: DocumentNode): string {
  for (const def of doc.definitions) {
    if (def.kind === 'OperationDefinition') return def.name?.value ?? '';
  }
  return '';
}

/** One query with its variables, as the server's answers and the browser's hooks both name it. */
export function queryKey(name: string, variables: unknown): string {
  // Keys sorted and undefined left out (JSON does): the same variables give the same key.
  return `${name}:${JSON.stringify(variables ?? {}, sortedKeys)}`;
}
