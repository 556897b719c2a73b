import { Kind, type FieldNode, type FragmentDefinitionNode, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';

/**
 * The actual cost of a query: the requested cost's rules (guards.ts selectionCost) applied to what
 * came back instead of what was announced. Each field present in the answer costs 1; an object adds
 * its own fields' costs; a list adds each item's cost (an object item its fields', any other item 1),
 * so a page of 3 orders costs what 3 cost where 25 were announced. A field absent from the answer
 * (@skip, @include, a parent that came back null) costs nothing, a null one 1, introspection nothing.
 * The caller never charges more than requested (integration-cost.ts): a list without a size
 * argument was announced as 10 items and may bring more.
 */
export function actualQueryCost(operation: OperationDefinitionNode, fragments: ReadonlyMap<string, FragmentDefinitionNode>, data: unknown): number {
  if (!isObject(data)) return 0;
  return objectCost([operation.selectionSet], fragments, data);
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * The fields selected, by response key (alias or name), with every selection set asked for under
 * that key: fragments (inline or spread) are opened whatever their type condition, as graphql's
 * field collection does, since the answer holds only the keys that applied.
 */
function collect(sets: readonly SelectionSetNode[], fragments: ReadonlyMap<string, FragmentDefinitionNode>, into = new Map<string, FieldNode[]>(), seen = new Set<string>()): Map<string, FieldNode[]> {
  for (const set of sets) {
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        const key = sel.alias?.value ?? sel.name.value;
        into.set(key, [...(into.get(key) ?? []), sel]);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        collect([sel.selectionSet], fragments, into, seen);
      } else {
        const fragment = fragments.get(sel.name.value);
        if (!fragment || seen.has(fragment.name.value)) continue;
        seen.add(fragment.name.value);
        collect([fragment.selectionSet], fragments, into, seen);
        seen.delete(fragment.name.value);
      }
    }
  }
  return into;
}

function objectCost(sets: readonly SelectionSetNode[], fragments: ReadonlyMap<string, FragmentDefinitionNode>, data: Json): number {
  let cost = 0;
  for (const [key, nodes] of collect(sets, fragments)) {
    if (nodes[0]!.name.value.startsWith('__') || !(key in data)) continue;
    const children = nodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : []));
    cost += valueCost(children, fragments, data[key]);
  }
  return cost;
}

function valueCost(children: readonly SelectionSetNode[], fragments: ReadonlyMap<string, FragmentDefinitionNode>, value: unknown): number {
  if (Array.isArray(value)) return 1 + value.reduce<number>((sum, item) => sum + itemCost(children, fragments, item), 0);
  if (isObject(value) && children.length) return 1 + objectCost(children, fragments, value);
  return 1;
}

function itemCost(children: readonly SelectionSetNode[], fragments: ReadonlyMap<string, FragmentDefinitionNode>, item: unknown): number {
  if (Array.isArray(item)) return valueCost(children, fragments, item);
  return isObject(item) && children.length ? objectCost(children, fragments, item) : 1;
}
