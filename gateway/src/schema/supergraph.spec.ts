import { getOperationAST, parse } from 'graphql';
import { composeSupergraph, readSubgraphSources } from './compose-supergraph';
import { ownerOfFields, rootFieldNames, subscriptionRouting, toWebSocketUrl } from './supergraph';

const federation = 'extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])';

/** The project's real subgraphs plus one more (a made-up `inbox`) that also has a Subscription root. */
function composedWithInbox(): string {
  const inbox = {
    name: 'inbox',
    url: 'http://127.0.0.1:4199/graphql',
    sdl: `${federation}\ntype Query { inboxUnread: Int }\ntype Subscription { inboxMessageReceived: String! }`,
  };
  const outcome = composeSupergraph([...readSubgraphSources(), inbox]);
  if (!outcome.ok) throw new Error(outcome.errors.join('\n'));
  return outcome.supergraphSdl;
}

function rootFields(query: string): string[] {
  const doc = parse(query);
  return rootFieldNames(doc, getOperationAST(doc)!);
}

describe('which subgraph owns a root Subscription field', () => {
  it('reads @join__field(graph:) when several subgraphs define Subscription', () => {
    const routing = subscriptionRouting(composedWithInbox());
    expect(routing.owners.get('liveCounters')).toBe('analytics');
    expect(routing.owners.get('inboxMessageReceived')).toBe('inbox');
  });

  it("reads each subgraph's URL from the join__Graph enum", () => {
    const routing = subscriptionRouting(composedWithInbox());
    expect(routing.graphs.get('analytics')?.url).toBe('http://127.0.0.1:4105/graphql');
    expect(routing.graphs.get('identity')?.url).toBe('http://127.0.0.1:4101/graphql');
  });

  it("falls back to the type's single @join__type when a field carries no @join__field", () => {
    const sdl = `
      enum join__Graph { ANALYTICS @join__graph(name: "analytics", url: "http://a:4105/graphql") }
      type Subscription @join__type(graph: ANALYTICS) { liveCounters: Int! }`;
    expect(subscriptionRouting(sdl).owners.get('liveCounters')).toBe('analytics');
  });

  it('follows a renamed subscription root type', () => {
    const sdl = `
      schema { query: Q subscription: S }
      enum join__Graph { M @join__graph(name: "messaging", url: "http://m/graphql") }
      type Q { a: Int }
      type S @join__type(graph: M) { ping: Int }`;
    expect(subscriptionRouting(sdl).owners.get('ping')).toBe('messaging');
  });

  it('collects root fields through fragments and ignores __typename', () => {
    expect(rootFields('subscription { __typename ...F ... on Subscription { b } } fragment F on Subscription { a }').sort()).toEqual(['a', 'b']);
  });

  it('gives one owner for fields of one subgraph, and refuses fields spanning two', () => {
    const routing = subscriptionRouting(composedWithInbox());
    expect(ownerOfFields(routing, ['liveCounters'])).toEqual({ ok: true, subgraph: 'analytics' });
    expect(ownerOfFields(routing, ['liveCounters', 'inboxMessageReceived'])).toMatchObject({ ok: false, reason: 'several-subgraphs' });
    expect(ownerOfFields(routing, ['nope'])).toMatchObject({ ok: false, reason: 'unknown-field', fields: ['nope'] });
    expect(ownerOfFields(routing, [])).toMatchObject({ ok: false, reason: 'no-field' });
  });

  it("turns a subgraph's HTTP URL into its graphql-ws URL", () => {
    expect(toWebSocketUrl('http://127.0.0.1:4105/graphql')).toBe('ws://127.0.0.1:4105/graphql');
    expect(toWebSocketUrl('https://analytics.lbf.svc/graphql')).toBe('wss://analytics.lbf.svc/graphql');
  });
});
