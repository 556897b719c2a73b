import { API_SCOPES } from '@lbf/service-kit';
import { composeSupergraph, readSubgraphSources } from '../schema/compose-supergraph';
import { readFrench } from './api-files';
import { accessOf, elementsOf, missingDescriptions, publicSchema, publicTypes } from './public-schema';

function composed(): string {
  const outcome = composeSupergraph(readSubgraphSources());
  if (!outcome.ok) throw new Error(outcome.errors.join('\n'));
  return outcome.supergraphSdl;
}

describe('the public schema (issue 24 point 3)', () => {
  const pub = publicSchema(composed());
  const french = readFrench();

  it('every public type, field, argument and enum value has its English (SDL) and French (fr.json) description', () => {
    expect(missingDescriptions(pub.schema, french)).toEqual([]);
  });

  it('the services\' error codes the docs page lists have both descriptions too (their values, in fr.json)', () => {
    const values = pub.errorCodes.flatMap(elementsOf).filter((e) => e.coordinate.includes('.'));
    expect(values.length).toBeGreaterThan(40);
    expect(values.filter((e) => !e.description?.trim() || !french[e.coordinate]?.trim()).map((e) => e.coordinate)).toEqual([]);
  });

  it('fr.json holds no translation of something that is not public (a renamed or removed element)', () => {
    const coordinates = new Set([...publicTypes(pub.schema), ...pub.errorCodes].flatMap(elementsOf).map((e) => e.coordinate));
    expect(Object.keys(french).filter((c) => !coordinates.has(c))).toEqual([]);
  });

  it('holds the public catalogue and news, and the fields each scope opens, from the subgraphs\' @tag alone', () => {
    const access = Object.fromEntries(pub.access);
    expect(access).toMatchObject({ 'Query.videos': 'public', 'Query.video': 'public', 'Query.pdfs': 'public', 'Query.articles': 'public', 'Query.article': 'public', 'Query.testimonials': 'public' });
    expect(access).toMatchObject({ 'Query.adminOrders': 'orders:read', 'Query.adminUsers': 'customers:read', 'Query.adminStatistics': 'statistics:read', 'Query.adminArticles': 'catalogue:read' });
    for (const level of pub.access.values()) expect(level === 'public' || level in API_SCOPES).toBe(true);
    // Never the rest of the API: a person's fields, the administrators' others.
    const query = pub.schema.getQueryType()!.getFields();
    const rootFields = (root: string) => [...pub.access.keys()].filter((c) => c.startsWith(`${root}.`)).map((c) => c.slice(root.length + 1)).sort();
    expect(Object.keys(query).sort()).toEqual(rootFields('Query'));
    expect(query.me).toBeUndefined();
    // The mutations a scope opens (content:write: the news), and none other.
    const mutation = pub.schema.getMutationType()!.getFields();
    expect(Object.keys(mutation).sort()).toEqual(rootFields('Mutation'));
    expect(rootFields('Mutation')).toEqual(['createArticle', 'publishArticle', 'unpublishArticle', 'updateArticle']);
    expect(mutation.deleteArticle).toBeUndefined();
  });

  it('leaves out the fields tagged internal and the types only they lead to', () => {
    const video = pub.schema.getType('Video') as unknown as { getFields(): Record<string, unknown> };
    expect(video.getFields().playbackUrl).toBeUndefined();
    expect(video.getFields().title).toBeDefined();
    expect(pub.schema.getType('PaymentAttempt')).toBeUndefined();
    expect(pub.schema.getType('UserSession')).toBeUndefined();
  });

  it('refuses a scope tag the kit does not know', () => {
    expect(() => accessOf('Query.x', ['scope:orders:write'])).toThrow(/names no scope of API_SCOPES/);
    expect(accessOf('Query.x', ['scope:orders:read'])).toBe('orders:read');
    expect(accessOf('Query.x', ['other'])).toBeNull();
  });

  it('tells a missing description in either language', () => {
    const { [`Video.title`]: _gone, ...withoutOne } = french;
    expect(missingDescriptions(pub.schema, withoutOne)).toEqual(['Video.title: no French description (gateway/api/fr.json)']);
  });
});
