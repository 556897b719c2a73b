import type { DocumentNode } from 'graphql';

/** The name of a document's operation ('HomePage'), '' for an anonymous one. */
export function operationName(doc: DocumentNode): string {
  for (const def of doc.definitions) {
    if (def.kind === 'OperationDefinition') return def.name?.value ?? '';
  }
  return '';
}

/** JSON with object keys sorted and undefined left out: the same variables give the same text. */
function stableJson(value: unknown): string {
  return JSON.stringify(value ?? {}, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** One query with its variables, as the server's answers and the browser's hooks both name it. */
export function queryKey(name: string, variables: unknown): string {
  return `${name}:${stableJson(variables)}`;
}
