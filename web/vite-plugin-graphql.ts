import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addTypenameToDocument } from '@apollo/client/utilities';
import { Kind, parse, print, visit, type DefinitionNode } from 'graphql';
import type { Plugin } from 'vite';

/**
 * Loads the web's GraphQL documents. Each `*.graphql` file of src/ holds one operation or fragment
 * (named `<name>.<query|mutation|subscription|fragment>.graphql`, checked by `npm run codegen`) and is
 * imported by default as its document, typed by codegen (src/generated/graphql-documents.d.ts). A
 * document names the fragments it spreads and nothing else: the plugin finds each one's file and
 * imports it, as graphql-tag's `${FRAGMENT}` interpolations did by hand.
 *
 * Parsed here, at build time: the browser gets syntax trees (joined with their fragments by
 * src/lib/gql-document.ts) instead of the GraphQL parser (~8 kB gzip off every page), and each
 * definition printed as graphql's printer prints it, so that a request over plain HTTP
 * (src/data/post-operation.ts, the session refresh and the visit every page makes) needs no printer.
 */
export function graphqlDocuments(srcDir?: string): Plugin {
  let src = srcDir ?? '';
  let fragmentFiles: Map<string, string> | null = null;
  const fragmentFile = (name: string): string | undefined => {
    // Read once; again when a fragment is missing (a file added while the dev server runs).
    if (!fragmentFiles?.has(name)) fragmentFiles = indexFragments(src);
    return fragmentFiles.get(name);
  };
  return {
    name: 'lbf:graphql-documents',
    enforce: 'pre',
    configResolved(config) {
      if (!srcDir) src = join(config.root, 'src');
    },
    transform(code, id) {
      const file = id.split('?')[0];
      if (!file.endsWith('.graphql')) return null;
      const definition = soleDefinition(code, file);
      const fragments = [...spreadNames(definition)].sort().map((name) => {
        const path = fragmentFile(name);
        if (!path) throw new Error(`${file}: no src/**/*.fragment.graphql defines fragment ${name}`);
        return path;
      });
      const imports = fragments.map((path, i) => `import __fragment${i} from ${JSON.stringify(path)};`);
      const own = { kind: Kind.DOCUMENT, definitions: [definition] };
      return {
        code: [
          ...imports,
          "import { gqlDocument } from '@/lib/gql-document';",
          `export default gqlDocument([], ${JSON.stringify(own)}, [${fragments.map((_, i) => `__fragment${i}`).join(', ')}], ${JSON.stringify([printedAsSent(definition)])});`,
          '',
        ].join('\n'),
        map: null,
      };
    },
  };
}

/** A definition as Apollo Client sends it (its cache adds `__typename` to each selection but the operation's own), printed. */
export function printedAsSent(definition: DefinitionNode): string {
  return print(addTypenameToDocument({ kind: Kind.DOCUMENT, definitions: [definition] }).definitions[0]!);
}

function soleDefinition(source: string, file: string): DefinitionNode {
  const { definitions } = parse(source, { noLocation: true });
  if (definitions.length !== 1) throw new Error(`${file}: a .graphql file holds one operation or fragment, found ${definitions.length}`);
  return definitions[0]!;
}

function spreadNames(definition: DefinitionNode): Set<string> {
  const names = new Set<string>();
  visit(definition, { FragmentSpread: (node) => void names.add(node.name.value) });
  return names;
}

function indexFragments(dir: string, index = new Map<string, string>()): Map<string, string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) indexFragments(path, index);
    else if (entry.name.endsWith('.fragment.graphql')) {
      const definition = soleDefinition(readFileSync(path, 'utf8'), path);
      if (definition.kind === Kind.FRAGMENT_DEFINITION) index.set(definition.name.value, path);
    }
  }
  return index;
}
