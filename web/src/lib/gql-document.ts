import type { DefinitionNode, DocumentNode } from 'graphql';

/** Each definition of a template parsed at build time, as graphql's printer prints it. */
const printedDefinitions = new WeakMap<DefinitionNode, string>();

/**
 * The runtime half of vite-plugin-gql.ts: a `gql` template parsed at build time (`own`, without
 * its `${FRAGMENT}` interpolations) joined with the fragment documents it interpolates, as
 * graphql-tag would have done in the browser (same definitions, in the same order, each fragment
 * once). The GraphQL parser then never ships to the browser. `printed` (one per definition of
 * `own`, printed at build time) lets `printedDocument` give the request's text without the printer.
 */
export function gqlDocument(leading: readonly DocumentNode[], own: DocumentNode, trailing: readonly DocumentNode[], printed: readonly string[] = []): DocumentNode {
  own.definitions.forEach((def, i) => {
    if (printed[i] !== undefined) printedDefinitions.set(def, printed[i]);
  });
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

/**
 * A document's text as graphql's `print` gives it (the definitions, printed, one blank line
 * apart), from what the build printed; null when a definition was not built by the plugin (a
 * document transformed at run time, or made outside Vite).
 */
export function printedDocument(doc: DocumentNode): string | null {
  const texts: string[] = [];
  for (const def of doc.definitions) {
    const text = printedDefinitions.get(def);
    if (text === undefined) return null;
    texts.push(text);
  }
  return texts.join('\n\n');
}
