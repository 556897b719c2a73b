import type { QueryPlan } from '@apollo/query-planner';
import { buildSchema, getOperationAST, parse, OperationTypeNode } from 'graphql';
import { SingleFetchCache, singleFetchOf } from './single-fetch';

const schema = buildSchema(`
  type S { a: String b: String t: T }
  type T { x: Int }
  type V { id: ID }
  union U = S | V
  type Query { s: S u: U }
  type Mutation { m: Boolean }
`);

const fetchPlan = (operation: string, over: Record<string, unknown> = {}): QueryPlan =>
  ({ kind: 'QueryPlan', node: { kind: 'Fetch', serviceName: 'shop', operation, operationName: undefined, operationKind: OperationTypeNode.QUERY, variableUsages: [], ...over } }) as unknown as QueryPlan;

function decide(client: string, operation: string, over?: Record<string, unknown>) {
  const document = parse(client);
  return singleFetchOf(schema, document, getOperationAST(document)!, fetchPlan(operation, over));
}

describe('singleFetchOf', () => {
  it('takes a single fetch that answers exactly the shape asked, aliases and fragments included', () => {
    expect(decide('{ s { a b } }', '{s{a b}}')).toMatchObject({ serviceName: 'shop', kind: 'query' });
    expect(decide('{ x: s { y: a } }', '{x:s{y:a}}')).not.toBeNull();
    expect(decide('{ s { ...F t { x } } } fragment F on S { a }', '{s{a t{x}}}')).not.toBeNull();
    expect(decide('{ s { __typename a } }', '{s{__typename a}}')).not.toBeNull();
  });

  it('refuses a fetch with a field the client did not ask for, or missing one, or in another order', () => {
    expect(decide('{ s { a } }', '{s{__typename a}}')).toBeNull();
    expect(decide('{ s { a b } }', '{s{a}}')).toBeNull();
    expect(decide('{ s { a b } }', '{s{b a}}')).toBeNull();
    expect(decide('{ x: s { a } }', '{s{a}}')).toBeNull();
  });

  it('refuses abstract types, directives, entity fetches, rewrites and plans of several nodes', () => {
    expect(decide('{ u { ... on S { a } } }', '{u{... on S{a}}}')).toBeNull();
    expect(decide('query($k: Boolean!) { s { a @skip(if: $k) } }', 'query($k:Boolean!){s{a @skip(if:$k)}}')).toBeNull();
    expect(decide('{ s { a } }', '{s{a}}', { requires: [{ kind: 'InlineFragment' }] })).toBeNull();
    expect(decide('{ s { a } }', '{s{a}}', { outputRewrites: [{ kind: 'KeyRenamer' }] })).toBeNull();
    expect(decide('mutation { m }', '{s{a}}')).toBeNull();
    const document = parse('{ s { a } }');
    expect(singleFetchOf(schema, document, getOperationAST(document)!, { kind: 'QueryPlan', node: { kind: 'Sequence', nodes: [] } } as unknown as QueryPlan)).toBeNull();
  });
});

describe('SingleFetchCache', () => {
  it('answers only variable sets the normal path accepted, under the current schema', () => {
    const cache = new SingleFetchCache();
    cache.schemaChanged(schema);
    const document = parse('query Q($n: Int) { s { a } }');
    const planned = (variables: Record<string, unknown>) =>
      cache.planned({ query: 'Q-text', operationName: 'Q', variables, schema, document, operation: getOperationAST(document)!, plan: fetchPlan('{s{a}}') });
    expect(cache.lookup('Q-text', 'Q', { n: 1 })).toBeNull();
    planned({ n: 1 });
    expect(cache.lookup('Q-text', 'Q', { n: 1 })).not.toBeNull();
    expect(cache.lookup('Q-text', 'Q', { n: 2 })).toBeNull();
    expect(cache.lookup('Q-text', 'Other', { n: 1 })).toBeNull();
    cache.schemaChanged(buildSchema('type Query { s: String }'));
    expect(cache.lookup('Q-text', 'Q', { n: 1 })).toBeNull();
  });
});
