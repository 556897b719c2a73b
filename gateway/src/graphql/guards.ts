import type { ApolloServerPlugin } from '@apollo/server';
import depthLimit from 'graphql-depth-limit';
import {
  GraphQLError,
  Kind,
  getArgumentValues,
  getNamedType,
  getNullableType,
  getOperationAST,
  getVariableValues,
  isInterfaceType,
  isListType,
  isObjectType,
  visit,
  type GraphQLNamedType,
  type SelectionSetNode,
  type ASTNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';

/** Whether every fragment spread names a known fragment and no fragment spreads itself, directly or not. */
export function fragmentsAreSound(document: DocumentNode): boolean {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  const spreadsOf = (node: ASTNode): string[] => {
    const names: string[] = [];
    visit(node, { FragmentSpread: (spread) => void names.push(spread.name.value) });
    return names;
  };
  const state = new Map<string, 'visiting' | 'done'>();
  const sound = (name: string): boolean => {
    const fragment = fragments.get(name);
    if (!fragment || state.get(name) === 'visiting') return false;
    if (state.get(name) === 'done') return true;
    state.set(name, 'visiting');
    const ok = spreadsOf(fragment).every(sound);
    state.set(name, 'done');
    return ok;
  };
  return document.definitions.every((def) => def.kind !== Kind.OPERATION_DEFINITION || spreadsOf(def).every(sound)) && [...fragments.keys()].every(sound);
}

/**
 * graphql-depth-limit as a validation rule. The library follows fragment spreads blindly, so an
 * unknown or cyclic fragment would make it throw (or recurse without end); graphql's own rules
 * (KnownFragmentNames, NoFragmentCycles) refuse those documents, so the depth check skips them.
 */
export function depthLimitRule(maxDepth: number): ValidationRule {
  const rule = depthLimit(maxDepth) as ValidationRule;
  return (context) => (fragmentsAreSound(context.getDocument()) ? rule(context) : {});
}

/** How many items a list field is assumed to return when no argument says. */
export const DEFAULT_LIST_SIZE = 10;
const SIZE_ARGS = ['first', 'last', 'limit', 'take', 'pageSize', 'perPage'];

/**
 * What one mutation root field costs. A mutation writes (a transaction, an outbox event, a rate
 * limit), and one browser action sends one; at 500 each, the default maximum (5000) lets a request
 * carry a handful, never the 500 `recordPageVisit` an attacker packed into one request.
 */
export const MUTATION_FIELD_COST = 500;
/**
 * Root fields per operation. The web app's busiest page (home) asks for fewer than ten; 20 leaves
 * room and refuses one request fanning out to hundreds of resolvers (1,000 `checkCaptcha`).
 */
export const MAX_ROOT_FIELDS = 20;
/**
 * Aliased fields per operation. Aliases are how one field is asked many times in one request
 * (500 aliases of a SQL-backed field); the web app uses none, 30 leaves room for hand-written ones.
 */
export const MAX_ALIASES = 30;

function declaredListSize(args: Record<string, unknown>): number | undefined {
  const candidates: unknown[] = [];
  for (const [key, value] of Object.entries(args)) {
    if (SIZE_ARGS.includes(key)) candidates.push(value);
    // Paginated inputs: users(page: { limit: 20 }) or videos(input: { first: 10 }).
    else if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) if (SIZE_ARGS.includes(k)) candidates.push(v);
    }
  }
  const size = candidates.find((v): v is number => typeof v === 'number' && Number.isFinite(v));
  return size === undefined ? undefined : Math.max(1, Math.floor(size));
}

export type CostRefusal = { kind: 'root-fields'; count: number } | { kind: 'aliases'; count: number };

interface Walk {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  aliases: number;
}

/**
 * Cost of a selection: each field costs 1 + its selection's cost, times the list's size for a list
 * field. The size is the field's own pagination argument, else the one its parent took: a page
 * object (`videos(pageSize: 12) { items { … } }`) passes its pageSize to the list inside it, else
 * DEFAULT_LIST_SIZE. Nested lists multiply; introspection costs nothing. Fragments are walked
 * where they are spread; every type condition is counted (an over-estimate, never an under one).
 */
function selectionCost(walk: Walk, set: SelectionSetNode, parent: GraphQLNamedType, inheritedSize: number | undefined, seen: Set<string>): number {
  let cost = 0;
  for (const sel of set.selections) {
    if (sel.kind === Kind.INLINE_FRAGMENT) {
      const type = sel.typeCondition ? (walk.schema.getType(sel.typeCondition.name.value) ?? parent) : parent;
      cost += selectionCost(walk, sel.selectionSet, type, inheritedSize, seen);
      continue;
    }
    if (sel.kind === Kind.FRAGMENT_SPREAD) {
      const fragment = walk.fragments.get(sel.name.value);
      if (!fragment || seen.has(fragment.name.value)) continue;
      const type = walk.schema.getType(fragment.typeCondition.name.value) ?? parent;
      seen.add(fragment.name.value);
      cost += selectionCost(walk, fragment.selectionSet, type, inheritedSize, seen);
      seen.delete(fragment.name.value);
      continue;
    }
    if (sel.alias && sel.alias.value !== sel.name.value) walk.aliases += 1;
    if (sel.name.value.startsWith('__')) continue;
    if (!isObjectType(parent) && !isInterfaceType(parent)) continue;
    const def = parent.getFields()[sel.name.value];
    if (!def) continue;
    const args = def.args.length ? getArgumentValues(def, sel, walk.variables) : {};
    const size = declaredListSize(args);
    const child = sel.selectionSet ? getNamedType(def.type) : null;
    if (isListType(getNullableType(def.type))) {
      const n = size ?? inheritedSize ?? DEFAULT_LIST_SIZE;
      cost += 1 + n * (child && sel.selectionSet ? selectionCost(walk, sel.selectionSet, child, undefined, seen) : 1);
    } else {
      cost += 1 + (child && sel.selectionSet ? selectionCost(walk, sel.selectionSet, child, size, seen) : 0);
    }
  }
  return cost;
}

function rootFieldCount(set: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>, seen = new Set<string>()): number {
  let count = 0;
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) count += sel.name.value === '__typename' ? 0 : 1;
    else if (sel.kind === Kind.INLINE_FRAGMENT) count += rootFieldCount(sel.selectionSet, fragments, seen);
    else {
      const fragment = fragments.get(sel.name.value);
      if (fragment && !seen.has(fragment.name.value)) {
        seen.add(fragment.name.value);
        count += rootFieldCount(fragment.selectionSet, fragments, seen);
      }
    }
  }
  return count;
}

interface Measured {
  cost: number;
  refusal: CostRefusal | null;
}

function measure(schema: GraphQLSchema, document: DocumentNode, variables?: Record<string, unknown>, operationName?: string): Measured {
  const operation = getOperationAST(document, operationName);
  if (!operation) return { cost: 0, refusal: null };
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables ?? {});
  if (coerced.errors) throw coerced.errors[0]!;
  const root = schema.getRootType(operation.operation);
  if (!root) return { cost: 0, refusal: null };
  const roots = rootFieldCount(operation.selectionSet, fragments);
  if (roots > MAX_ROOT_FIELDS) return { cost: 0, refusal: { kind: 'root-fields', count: roots } };
  const walk: Walk = { schema, fragments, variables: coerced.coerced, aliases: 0 };
  let cost = selectionCost(walk, operation.selectionSet, root, undefined, new Set());
  if (walk.aliases > MAX_ALIASES) return { cost, refusal: { kind: 'aliases', count: walk.aliases } };
  if (operation.operation === 'mutation') cost += roots * (MUTATION_FIELD_COST - 1);
  return { cost, refusal: null };
}

/** The estimated cost of an operation (see selectionCost; each mutation root field costs MUTATION_FIELD_COST more). */
export function operationCost(schema: GraphQLSchema, document: DocumentNode, variables?: Record<string, unknown>, operationName?: string): number {
  return measure(schema, document, variables, operationName).cost;
}

export function tooCostlyError(cost: number, maxCost: number): GraphQLError {
  return new GraphQLError(`Requête trop coûteuse : coût estimé ${cost}, maximum ${maxCost}.`, {
    extensions: { code: 'QUERY_TOO_COMPLEX', cost, maxCost, http: { status: 400 } },
  });
}

/** Returns the error that refuses the operation, or null when it may run. */
export function checkCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  maxCost: number,
  variables?: Record<string, unknown>,
  operationName?: string,
): GraphQLError | null {
  let measured: Measured;
  try {
    measured = measure(schema, document, variables, operationName);
  } catch (err) {
    // Variables that do not coerce: the operation would fail at execution with the same reason.
    return new GraphQLError(err instanceof Error ? err.message : String(err), { extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } });
  }
  const { cost, refusal } = measured;
  if (refusal?.kind === 'root-fields') {
    return new GraphQLError(`Trop de champs dans une seule requête : ${refusal.count}, maximum ${MAX_ROOT_FIELDS}.`, {
      extensions: { code: 'QUERY_TOO_COMPLEX', rootFields: refusal.count, maxRootFields: MAX_ROOT_FIELDS, http: { status: 400 } },
    });
  }
  if (refusal?.kind === 'aliases') {
    return new GraphQLError(`Trop d'alias dans une seule requête : ${refusal.count}, maximum ${MAX_ALIASES}.`, {
      extensions: { code: 'QUERY_TOO_COMPLEX', aliases: refusal.count, maxAliases: MAX_ALIASES, http: { status: 400 } },
    });
  }
  return cost > maxCost ? tooCostlyError(cost, maxCost) : null;
}

/** Variable sets remembered per document; past this the document's entries start over. */
const COST_CACHE_PER_DOCUMENT = 64;

/**
 * Refuses, after validation and before any subgraph is called, operations whose cost is over the limit.
 * Apollo Server keeps one parsed DocumentNode per query text (its document store), so the verdict on
 * a document already accepted is remembered on that node (a WeakMap: it goes when the store drops the
 * document), keyed by operation name and variables (a page size changes the cost) and by schema.
 * Only accepted operations are remembered: a refused one is measured again each time it is sent.
 */
export function costLimitPlugin<C extends object>(maxCost: number): ApolloServerPlugin<C> {
  const accepted = new WeakMap<DocumentNode, { schema: GraphQLSchema; keys: Set<string> }>();
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, schema }) {
          const vars = request.variables;
          const key = `${request.operationName ?? ''}\n${vars && Object.keys(vars).length ? JSON.stringify(vars) : ''}`;
          let known = accepted.get(document);
          if (known?.schema === schema && known.keys.has(key)) return;
          const error = checkCost(schema, document, maxCost, vars, request.operationName);
          if (error) throw error;
          if (!known || known.schema !== schema) accepted.set(document, (known = { schema, keys: new Set() }));
          if (known.keys.size >= COST_CACHE_PER_DOCUMENT) known.keys.clear();
          known.keys.add(key);
        },
      };
    },
  };
}
