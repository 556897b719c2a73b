import type { ApolloServerPlugin } from '@apollo/server';
import depthLimit from 'graphql-depth-limit';
import { getComplexity, type ComplexityEstimator } from 'graphql-query-complexity';
import {
  GraphQLError,
  Kind,
  getNullableType,
  isListType,
  visit,
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

/**
 * Cost of a field = 1 + the cost of its selection, times the list's size for list fields (the
 * pagination argument when there is one, else DEFAULT_LIST_SIZE). Nested lists multiply, which is
 * the shape of an abusive query; introspection costs nothing (it is off in production anyway).
 */
export const listAwareEstimator: ComplexityEstimator = ({ field, args, childComplexity }) => {
  if (field.name.startsWith('__')) return 0;
  const isList = isListType(getNullableType(field.type));
  const size = isList ? (declaredListSize(args) ?? DEFAULT_LIST_SIZE) : 1;
  return 1 + childComplexity * size;
};

/** The estimated cost of an operation, with graphql-query-complexity and the estimator above. */
export function operationCost(schema: GraphQLSchema, document: DocumentNode, variables?: Record<string, unknown>, operationName?: string): number {
  return getComplexity({ schema, query: document, variables: variables ?? {}, operationName, estimators: [listAwareEstimator] });
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
  let cost: number;
  try {
    cost = operationCost(schema, document, variables, operationName);
  } catch (err) {
    // Variables that do not coerce: the operation would fail at execution with the same reason.
    return new GraphQLError(err instanceof Error ? err.message : String(err), { extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } });
  }
  return cost > maxCost ? tooCostlyError(cost, maxCost) : null;
}

/** Refuses, after validation and before any subgraph is called, operations whose cost is over the limit. */
export function costLimitPlugin<C extends object>(maxCost: number): ApolloServerPlugin<C> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, schema }) {
          const error = checkCost(schema, document, maxCost, request.variables, request.operationName);
          if (error) throw error;
        },
      };
    },
  };
}
