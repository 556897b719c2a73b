import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import gql from 'graphql-tag';
import { parse, print, type DocumentNode } from 'graphql';
import { addTypenameToDocument } from '@apollo/client/utilities';
import { sortTopLevelDefinitions } from '@apollo/persisted-query-lists';
import { graphqlDocuments } from '../../vite-plugin-graphql';
import { gqlDocument, printedDocument, sortedDefinitions } from './gql-document';

/** The text Apollo's manifest generator registers for a document Apollo Client sends (issue 24). */
const registered = (doc: DocumentNode) => print(sortTopLevelDefinitions(addTypenameToDocument(doc)));

const CARD = gql`
  fragment Card on Video {
    id
    title
  }
`;
const PRICE = gql`
  fragment Price on Video {
    priceCents
    ...Card
  }
  ${CARD}
`;

const noLoc = (source: string) => parse(source, { noLocation: true });

/** A throwaway src/ holding these files. */
function sourceTree(files: Record<string, string>): string {
  const src = mkdtempSync(join(tmpdir(), 'lbf-graphql-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(src, path)), { recursive: true });
    writeFileSync(join(src, path), text);
  }
  return src;
}

const transformOf = (src: string) => graphqlDocuments(src).transform as (code: string, id: string) => { code: string } | null;
const transformed = (src: string, path: string) => transformOf(src).call({}, readFileSync(join(src, path), 'utf8'), join(src, path))!.code;

/** A .graphql file's module as the browser runs it: its fragment imports loaded the same way. */
function loaded(src: string, file: string): DocumentNode {
  const code = transformOf(src).call({}, readFileSync(file, 'utf8'), file)!.code;
  const imports = [...code.matchAll(/^import (__fragment\d+) from (".*");$/gm)].map((m) => [m[1], JSON.parse(m[2]) as string] as const);
  const body = code.replace(/^import .*$/gm, '').replace('export default ', 'return ');
  const fn = new Function('gqlDocument', ...imports.map(([name]) => name), body) as (...args: unknown[]) => DocumentNode;
  return fn(gqlDocument, ...imports.map(([, path]) => loaded(src, path)));
}

describe('.graphql documents parsed at build time (vite-plugin-graphql.ts + gql-document.ts)', () => {
  it('joins a query with the fragments it interpolates as graphql-tag does, each fragment once', () => {
    const expected = gql`
      query Home {
        latestVideo { ...Price ...Card }
      }
      ${PRICE}
      ${CARD}
    `;
    const own = noLoc('query Home { latestVideo { ...Price ...Card } }');
    const built = gqlDocument([], own, [gqlDocument([], noLoc('fragment Price on Video { priceCents ...Card }'), [CARD]), CARD]);
    expect(print(built)).toBe(print(expected));
    expect(built.definitions.map((d) => ('name' in d ? d.name?.value : d.kind))).toEqual(['Home', 'Price', 'Card']);
  });

  it('keeps fragments written before the operation in front, and returns a document without fragments as is', () => {
    const own = noLoc('query Q { v { ...Card } }');
    expect(gqlDocument([CARD], own, []).definitions.map((d) => ('name' in d ? d.name?.value : ''))).toEqual(['Card', 'Q']);
    expect(gqlDocument([], own, [])).toBe(own);
  });

  it('loads a .graphql file as its document: the definition parsed and printed, the fragments it spreads imported from their files', () => {
    const src = sourceTree({
      'cards/card.fragment.graphql': 'fragment Card on Video { id title }',
      'q.query.graphql': '# The home.\nquery Q { v { ...Card } }',
    });
    const out = transformed(src, 'q.query.graphql');
    expect(out).toContain(`import __fragment0 from ${JSON.stringify(join(src, 'cards/card.fragment.graphql'))};`);
    expect(out).toContain("import { gqlDocument } from '@/lib/gql-document';");
    const call = out.match(/export default gqlDocument\(\[\], (.*), \[__fragment0\], (\[.*\])\);/);
    expect(call).not.toBeNull();
    expect(print(JSON.parse(call![1]) as DocumentNode)).toBe(print(noLoc('query Q { v { ...Card } }')));
    expect(JSON.parse(call![2])).toEqual([print(noLoc('query Q { v { ...Card __typename } }'))]);
    // Anything but a .graphql file is left alone.
    expect(transformOf(src).call({}, 'export const a = 1;', join(src, 'y.ts'))).toBeNull();
  });

  it('gives a joined document’s registered text (as the manifest holds it) from what the build printed, so the browser needs no printer', () => {
    const src = sourceTree({
      'card.fragment.graphql': 'fragment Card on Video { id title }',
      'price.fragment.graphql': 'fragment Price on Video { priceCents ...Card }',
      'q.query.graphql': 'query Q($id: ID!) { v(id: $id) { ...Price ...Card } }',
    });
    const q = loaded(src, join(src, 'q.query.graphql'));
    const card = loaded(src, join(src, 'card.fragment.graphql'));
    expect(q.definitions.map((d) => ('name' in d ? d.name?.value : ''))).toEqual(['Q', 'Card', 'Price']);
    expect(printedDocument(q)).toBe(registered(q));
    expect(printedDocument(card)).toBe(registered(card));
    expect(printedDocument(q)).toContain('fragment Price on Video {\n  priceCents\n  ...Card\n  __typename\n}');
    // A document the build did not make (graphql-tag's, or a copy transformed at run time) has no text.
    expect(printedDocument(CARD)).toBeNull();
    expect(printedDocument({ ...q, definitions: q.definitions.map((d) => ({ ...d })) })).toBeNull();
  });

  it('sorts definitions as Apollo’s sortTopLevelDefinitions does (operations, then fragments, each by name)', () => {
    const doc = noLoc('fragment B on V { id } query Z { v { ...B ...A } } fragment A on V { id } mutation M { m }');
    expect(sortedDefinitions(doc)).toEqual(sortTopLevelDefinitions(doc).definitions);
    expect(sortedDefinitions(doc).map((d) => ('name' in d ? d.name?.value : ''))).toEqual(['M', 'Z', 'A', 'B']);
  });

  it('refuses a file of two definitions, and a fragment no file defines', () => {
    const src = sourceTree({ 'two.query.graphql': 'query A { a } query B { b }', 'lost.query.graphql': 'query L { v { ...Nowhere } }' });
    expect(() => transformed(src, 'two.query.graphql')).toThrow(/one operation or fragment, found 2/);
    expect(() => transformed(src, 'lost.query.graphql')).toThrow(/defines fragment Nowhere/);
  });
});
