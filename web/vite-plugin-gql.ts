import { addTypenameToDocument } from '@apollo/client/utilities';
import { Kind, parse, print, type DefinitionNode } from 'graphql';
import type { Plugin } from 'vite';

const TEMPLATE = /\bgql`([^`]*)`/g;
const INTERPOLATION = /\$\{([^}]*)\}/g;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * Parses every gql`…` template of web/src at build time: the browser gets the documents' syntax
 * trees (joined with their interpolated fragments by src/lib/gql-document.ts) instead of the
 * GraphQL parser and graphql-tag (~8 kB gzip off every page), and each definition printed as
 * graphql's printer prints it, so that a request over plain HTTP (src/data/post-operation.ts, the
 * session refresh and the visit every page makes) needs no printer either. Interpolations must be fragment
 * documents named by an identifier, which is how every operation of the app is written.
 * Line numbers are kept (each template is padded to its height) so stack traces still point home.
 */
/** A definition as Apollo Client sends it (its cache adds `__typename` to each selection but the operation's own), printed. */
function printedAsSent(definition: DefinitionNode): string {
  return print(addTypenameToDocument({ kind: Kind.DOCUMENT, definitions: [definition] }).definitions[0]!);
}

export function precompiledGql(): Plugin {
  return {
    name: 'lbf:precompiled-gql',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0];
      if (!/\/src\/.*\.tsx?$/.test(file) || file.endsWith('/gql-document.ts') || !code.includes('gql`')) return null;
      let count = 0;
      const out = code.replace(TEMPLATE, (template: string, body: string) => {
        const firstOwn = body.replace(INTERPOLATION, (m) => ' '.repeat(m.length)).search(/\S/);
        const leading: string[] = [];
        const trailing: string[] = [];
        for (const match of body.matchAll(INTERPOLATION)) {
          const name = match[1].trim();
          if (!IDENTIFIER.test(name)) throw new Error(`${file}: gql interpolation \${${name}} must be a fragment document's name`);
          (firstOwn === -1 || (match.index ?? 0) < firstOwn ? leading : trailing).push(name);
        }
        const own = parse(body.replace(INTERPOLATION, ''), { noLocation: true });
        count += 1;
        const lines = template.split('\n').length - 1;
        const printed = own.definitions.map(printedAsSent);
        return `__lbfGql([${leading.join(', ')}], ${JSON.stringify(own)}, [${trailing.join(', ')}], ${JSON.stringify(printed)})${'\n'.repeat(lines)}`;
      });
      if (count === 0) return null;
      // Appended (imports are hoisted) so that no line moves.
      return { code: `${out}\nimport { gqlDocument as __lbfGql } from '@/lib/gql-document';\n`, map: null };
    },
  };
}
