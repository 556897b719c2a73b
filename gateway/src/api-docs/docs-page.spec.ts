import { parse, validate } from 'graphql';
import { composeSupergraph, readSubgraphSources } from '../schema/compose-supergraph';
import { readChangelog, readFrench } from './api-files';
import { prose, renderDocsPage } from './docs-page';
import { API_EXAMPLES } from './examples';
import { elementsOf, publicSchema, publicTypes } from './public-schema';

describe('the API documentation page (issue 24 point 3)', () => {
  const outcome = composeSupergraph(readSubgraphSources());
  if (!outcome.ok) throw new Error(outcome.errors.join('\n'));
  const pub = publicSchema(outcome.supergraphSdl);
  const french = readFrench();
  const changelog = readChangelog();
  const html = renderDocsPage({ publicSchema: pub, french, changelog, maxCost: 5000, maxDepth: 12 });

  it('lists every public type and field with both its descriptions', () => {
    for (const type of publicTypes(pub.schema)) {
      expect(html).toContain(`id="type-${type.name}"`);
      for (const el of elementsOf(type)) {
        expect(html).toContain(prose(el.description!));
        expect(html).toContain(prose(french[el.coordinate]!));
      }
    }
    expect(html).toContain('id="field-Video.title"');
    expect(html).toContain('clé de portée orders:read');
    expect(html).toContain('sort: <a href="#type-VideoSort">VideoSort</a> = NEWEST</code>');
  });

  it('has the sections: getting a key, examples, error codes, cost model, reference, changelog', () => {
    for (const id of ['cle', 'exemples', 'erreurs', 'cout', 'reference', 'journal']) expect(html).toContain(`<section id="${id}">`);
    expect(html).toContain('Bearer lbf_live_');
    expect(html).toContain('<h3>CommerceErrorCode</h3>');
    expect(html).toContain('BUDGET_EXCEEDED');
    expect(html).toMatch(/requestedQueryCost[\s\S]*actualQueryCost[\s\S]*throttleStatus[\s\S]*maximumAvailable[\s\S]*currentlyAvailable[\s\S]*restoreRate/);
    for (const entry of changelog) for (const change of entry.changes) expect(html).toContain(prose(change.fr));
  });

  it('is one document: no script, nothing from another origin', () => {
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
  });

  it('each example is a valid query of the public schema, its cost shown', () => {
    for (const ex of API_EXAMPLES) {
      expect(validate(pub.schema, parse(ex.query))).toEqual([]);
      expect(html).toContain(`id="exemple-${ex.id}"`);
    }
    expect(html).toMatch(/Coût estimé \/ estimated cost : <strong>\d+<\/strong> points/);
  });
});
