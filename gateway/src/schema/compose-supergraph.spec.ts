import { composeSupergraph, readSubgraphSources } from './compose-supergraph';

const federation = 'extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])';

describe('composing the supergraph at build time', () => {
  it("composes every service's schema.graphql with its default port", () => {
    const sources = readSubgraphSources();
    expect(sources.map((s) => s.name)).toEqual(expect.arrayContaining(['identity', 'analytics']));
    const outcome = composeSupergraph(sources);
    expect(outcome.ok).toBe(true);
    if (outcome.ok) expect(outcome.supergraphSdl).toContain('@join__graph(name: "identity", url: "http://127.0.0.1:4101/graphql")');
  });

  it('fails, naming the conflict, when a schema change breaks composition', () => {
    const clash = { name: 'inbox', url: 'http://127.0.0.1:4199/graphql', sdl: `${federation}\ntype Query { me: Int }` };
    const outcome = composeSupergraph([...readSubgraphSources(), clash]);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.errors.join('\n')).toMatch(/Query\.me/);
  });

  it('fails on a schema that does not parse', () => {
    const outcome = composeSupergraph([{ name: 'broken', url: 'http://x/graphql', sdl: 'type Query {' }]);
    expect(outcome).toMatchObject({ ok: false });
  });
});
