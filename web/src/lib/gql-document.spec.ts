import { describe, expect, it } from '@jest/globals';
import gql from 'graphql-tag';
import { parse, print, type DocumentNode } from 'graphql';
import { addTypenameToDocument } from '@apollo/client/utilities';
import { sortTopLevelDefinitions } from '@apollo/persisted-query-lists';
import { precompiledGql } from '../../vite-plugin-gql';
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

describe('gql templates parsed at build time (vite-plugin-gql.ts + gql-document.ts)', () => {
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

  it('rewrites each template of a source file into its syntax tree, keeping every line where it was', () => {
    const plugin = precompiledGql();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    const source = [
      "import { gql } from '@apollo/client';",
      'export const Q = gql`',
      '  query Q { v { ...Card } }',
      '  ${CARD}',
      '`;',
      'export const after = 1;',
    ].join('\n');
    const out = transform.call({}, source, '/app/web/src/x.ts');
    expect(out).not.toBeNull();
    const lines = out!.code.split('\n');
    expect(lines[5]).toBe('export const after = 1;');
    expect(out!.code).not.toContain('gql`');
    expect(out!.code).toContain("import { gqlDocument as __lbfGql } from '@/lib/gql-document';");
    const call = lines[1].match(/__lbfGql\(\[\], (.*), \[CARD\], (\[.*\])\)/);
    expect(call).not.toBeNull();
    expect(print(JSON.parse(call![1]) as DocumentNode)).toBe(print(noLoc('query Q { v { ...Card } }')));
    expect(JSON.parse(call![2])).toEqual([print(noLoc('query Q { v { ...Card __typename } }'))]);
    // Files outside web/src, and files without templates, are left alone.
    expect(transform.call({}, source, '/app/node_modules/x/index.ts')).toBeNull();
    expect(transform.call({}, 'export const a = 1;', '/app/web/src/y.ts')).toBeNull();
  });

  it('gives a joined document’s registered text (as the manifest holds it) from what the build printed, so the browser needs no printer', () => {
    const transform = precompiledGql().transform as (code: string, id: string) => { code: string } | null;
    const source = [
      'export const CARD = gql`fragment Card on Video { id title }`;',
      'export const PRICE = gql`fragment Price on Video { priceCents ...Card } ${CARD}`;',
      'export const Q = gql`',
      '  query Q($id: ID!) { v(id: $id) { ...Price ...Card } }',
      '  ${PRICE}',
      '  ${CARD}',
      '`;',
    ].join('\n');
    const out = transform.call({}, source, '/app/web/src/x.ts');
    // The module as the browser runs it, with gqlDocument for its import.
    const body = `${out!.code.replace(/^import .*$/m, '').replace(/export const /g, 'const ')}\nreturn { card: CARD, q: Q };`;
    const built = new Function('__lbfGql', body)(gqlDocument) as { card: DocumentNode; q: DocumentNode };
    expect(printedDocument(built.q)).toBe(registered(built.q));
    expect(printedDocument(built.card)).toBe(registered(built.card));
    expect(printedDocument(built.q)).toContain('fragment Price on Video {\n  priceCents\n  ...Card\n  __typename\n}');
    // A document the plugin did not build (graphql-tag's, or a copy transformed at run time) has no text.
    expect(printedDocument(CARD)).toBeNull();
    expect(printedDocument({ ...built.q, definitions: built.q.definitions.map((d) => ({ ...d })) })).toBeNull();
  });

  it('sorts definitions as Apollo’s sortTopLevelDefinitions does (operations, then fragments, each by name)', () => {
    const doc = noLoc('fragment B on V { id } query Z { v { ...B ...A } } fragment A on V { id } mutation M { m }');
    expect(sortedDefinitions(doc)).toEqual(sortTopLevelDefinitions(doc).definitions);
    expect(sortedDefinitions(doc).map((d) => ('name' in d ? d.name?.value : ''))).toEqual(['M', 'Z', 'A', 'B']);
  });

  it('refuses an interpolation that is not a fragment document’s name', () => {
    const transform = precompiledGql().transform as (code: string, id: string) => unknown;
    expect(() => transform.call({}, 'const Q = gql`query Q { a } ${"x" + y}`;', '/app/web/src/z.ts')).toThrow(/must be a fragment/);
  });
});
