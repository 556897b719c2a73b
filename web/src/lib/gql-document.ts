import type { DefinitionNode, DocumentNode } from 'graphql';

/**
 * The runtime half of vite-plugin-gql.ts: a `gql` template parsed at build time (`own`, without
 * its `${FRAGMENT}` interpolations) joined with the fragment documents it interpolates, as
 * graphql-tag would have done in the browser (same definitions, in the same order, each fragment
 * once). The GraphQL parser then never ships to the browser.
 */
export function gqlDocument(leading: readonly DocumentNode[], own: DocumentNode, trailing: readonly DocumentNode[]): DocumentNode {
  if (leading.length === 0 && trailing.length === 0) return own;
  const definitions: DefinitionNode[] = [];
  const fragments = new Set<string>();
  const add = (def: DefinitionNode) => {
    if (def.kind === 'FragmentDefinition') {
      if (fragments.has(def.name.value)) return;
      fragments.add(def.name.value);
    }
    definitions.push(def);
  };
  for (const doc of leading) doc.definitions.forEach(add);
  own.definitions.forEach(add);
  for (const doc of trailing) doc.definitions.forEach(add);
  return { kind: 'Document' as DocumentNode['kind'], definitions };
}
