import type { DefinitionNode, DocumentNode } from 'graphql';

/** Each definition of a .graphql file parsed at build time, as graphql's printer prints it. */
const printedDefinitions = new WeakMap<DefinitionNode, string>();

/**
 * The runtime half of vite-plugin-graphql.ts: a `.graphql` file parsed at build time (`own`) joined
 * with the fragment documents it spreads, as graphql-tag would have done in the browser (same
 * definitions, each fragment once). The GraphQL parser then never ships to the browser. `printed`
 * (one per definition of `own`, printed at build time) lets `printedDocument` give the request's
 * text without the printer.
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

const nameOf = (def: DefinitionNode) => ('name' in def && def.name ? def.name.value : '');

/**
 * The definitions in the order the persisted-query manifest prints them: operations, then fragments,
 * each group by name (Apollo's `sortTopLevelDefinitions`, @apollo/persisted-query-lists).
 */
export function sortedDefinitions(doc: DocumentNode): DefinitionNode[] {
  return [...doc.definitions].sort((a, b) => {
    if (a.kind !== b.kind) return a.kind > b.kind ? -1 : 1;
    const [x, y] = [nameOf(a), nameOf(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

/**
 * A document's registered text (web/dist-manifest/persisted-query-manifest.json, issue 24): its
 * definitions sorted as the manifest sorts them, each as the build printed it with Apollo's
 * `__typename` added, one blank line apart. Null when a definition was not built by the plugin (a
 * document transformed at run time, or made outside Vite).
 */
export function printedDocument(doc: DocumentNode): string | null {
  const texts: string[] = [];
  for (const def of sortedDefinitions(doc)) {
    const text = printedDefinitions.get(def);
    if (text === undefined) return null;
    texts.push(text);
  }
  return texts.join('\n\n');
}
