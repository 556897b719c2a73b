import { Kind, parse, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';
import { actualQueryCost } from './actual-cost';

function costOf(query: string, data: unknown): number {
  const doc = parse(query);
  const operation = doc.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const fragments = new Map(doc.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]));
  return actualQueryCost(operation, fragments, data);
}

describe('the actual cost of a query, from what came back', () => {
  it('counts each field once, an object its fields, a list each item', () => {
    // 1 (page) + 1 (total) + 1 + 3 × (1 id + 1 amount + 1 xaf): 12, where 25 items were announced.
    const items = [1, 2, 3].map((n) => ({ id: String(n), amount: { xaf: 100 } }));
    expect(costOf('{ adminOrders(pageSize: 25) { total items { id amount { xaf } } } }', { adminOrders: { total: 3, items } })).toBe(12);
    expect(costOf('{ adminOrders { total items { id } } }', { adminOrders: { total: 0, items: [] } })).toBe(3);
    // A list of scalars: 1 + one per item.
    expect(costOf('{ tags }', { tags: ['a', 'b'] })).toBe(3);
  });

  it('follows aliases and fragments, merges a key asked twice, skips introspection and what did not come back', () => {
    const query = `query { a: me { ...Who } me2: me { id } __typename settings @skip(if: true) { x } }
      fragment Who on User { id ... on User { id email } }`;
    // a: 1 + id + email (id asked twice, counted once); me2: 1 + id; __typename free; settings absent.
    expect(costOf(query, { a: { id: '1', email: 'e' }, me2: { id: '1' }, __typename: 'Query' })).toBe(5);
    // A null object costs its field, nothing under it; no data costs nothing.
    expect(costOf('{ me { id email } }', { me: null })).toBe(1);
    expect(costOf('{ me { id } }', null)).toBe(0);
  });
});
