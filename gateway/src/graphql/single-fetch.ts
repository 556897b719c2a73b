import type { QueryPlan } from '@apollo/query-planner';
import {
  getNamedType,
  isObjectType,
  Kind,
  parse,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/**
 * What the gateway may send a subgraph directly, for one accepted operation: its query plan is a
 * single fetch whose answer has exactly the shape the client asked for, so the subgraph's `data` is
 * the client's `data` and the gateway's planning, execution and result shaping add nothing.
 */
export interface SingleFetch {
  serviceName: string;
  /** The plan node's operation text and name, sent as the data source sends them. */
  operation: string;
  operationName: string | undefined;
  variableUsages: readonly string[];
  kind: 'query' | 'mutation';
}

/** An operation's response shape: its response keys in order, each with its own shape when it has a selection. */
type Shape = Map<string, Shape | null>;

/** Thrown while reading a selection the passthrough does not take (abstract types, directives, …). */
class NotPlain extends Error {}

/**
 * The response shape of a selection set on an object type: fragments whose type condition is that
 * type are flattened, fields with the same response key are merged (as graphql-js does). Anything
 * whose answer could depend on runtime types or variables (abstract types, type conditions on other
 * types, @skip/@include/@defer) is refused: such operations take the normal path.
 */
function shapeOf(selectionSet: SelectionSetNode, parent: GraphQLObjectType, fragments: Map<string, FragmentDefinitionNode>, into: Shape = new Map(), depth = 0): Shape {
  if (depth > 64) throw new NotPlain();
  for (const selection of selectionSet.selections) {
    if (selection.directives?.length) throw new NotPlain();
    if (selection.kind === Kind.FIELD) {
      const key = selection.alias?.value ?? selection.name.value;
      if (!selection.selectionSet) {
        if (into.has(key) && into.get(key) !== null) throw new NotPlain();
        into.set(key, null);
        continue;
      }
      const field = parent.getFields()[selection.name.value];
      const type = field && getNamedType(field.type);
      if (!type || !isObjectType(type)) throw new NotPlain();
      const existing = into.get(key);
      if (existing === null) throw new NotPlain();
      into.set(key, shapeOf(selection.selectionSet, type, fragments, existing ?? new Map(), depth + 1));
    } else {
      const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : fragments.get(selection.name.value);
      if (!fragment) throw new NotPlain();
      if (fragment.typeCondition && fragment.typeCondition.name.value !== parent.name) throw new NotPlain();
      if (fragment.directives?.length) throw new NotPlain();
      shapeOf(fragment.selectionSet, parent, fragments, into, depth + 1);
    }
  }
  return into;
}

function printShape(shape: Shape): string {
  let out = '{';
  for (const [key, sub] of shape) out += ` ${key}${sub ? printShape(sub) : ''}`;
  return `${out} }`;
}

function operationShape(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode): string {
  const root = schema.getRootType(operation.operation);
  if (!root) throw new NotPlain();
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  if (operation.directives?.length) throw new NotPlain();
  return printShape(shapeOf(operation.selectionSet, root, fragments));
}

/**
 * The single fetch an accepted operation may be passed through as, or null when it must take the
 * normal path: a plan of more than one fetch, entity fetches (requires), data rewrites, @defer, a
 * subscription, or a fetch whose answer would not be exactly what the client asked (the planner
 * added __typename, abstract types, directives).
 */
export function singleFetchOf(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, plan: QueryPlan): SingleFetch | null {
  const node = plan.node;
  if (!node || node.kind !== 'Fetch') return null;
  if (node.requires?.length || node.inputRewrites?.length || node.outputRewrites?.length || node.contextRewrites?.length || node.hasDefers) return null;
  if (node.operationKind !== 'query' && node.operationKind !== 'mutation') return null;
  if (operation.operation !== node.operationKind) return null;
  try {
    const fetchDocument = parse(node.operation);
    const fetchOperations = fetchDocument.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    if (fetchOperations.length !== 1) return null;
    if (operationShape(schema, document, operation) !== operationShape(schema, fetchDocument, fetchOperations[0]!)) return null;
  } catch (err) {
    if (err instanceof NotPlain) return null;
    throw err;
  }
  return { serviceName: node.serviceName, operation: node.operation, operationName: node.operationName, variableUsages: node.variableUsages ?? [], kind: node.operationKind };
}

/** Distinct query texts remembered; past this the cache starts over. */
const MAX_DOCUMENTS = 2000;
/** Variable sets remembered per operation (the cost depends on them); past this they start over. */
const MAX_VARIABLE_SETS = 64;

interface Entry {
  schema: GraphQLSchema;
  fetch: SingleFetch | null;
  /** Variable sets (as sent, JSON) with which the normal path accepted the operation. */
  accepted: Set<string>;
}

/** The cache key of a request's variables, as the client sent them. */
export function variablesKey(variables: Record<string, unknown> | null | undefined): string {
  return variables ? JSON.stringify(variables) : '{}';
}

/**
 * Operations the normal path accepted (parsed, validated against the API schema with the depth rule,
 * cost-checked with these variables, planned), with their single fetch if they have one. Filled only
 * from the normal path, after the cost check and planning; a new schema empties it.
 */
export class SingleFetchCache {
  private entries = new Map<string, Entry>();
  /** Requests the passthrough answered itself, and those whose exchange it handed to the normal path. */
  readonly stats = { answered: 0, handedBack: 0 };
  private schema: GraphQLSchema | null = null;

  /** A new supergraph: nothing accepted under the old one counts any more. */
  schemaChanged(schema: GraphQLSchema): void {
    this.schema = schema;
    this.entries = new Map();
  }

  /** Called with every plan the normal path is about to execute. */
  planned(args: { query: string | undefined; operationName: string | null | undefined; variables: Record<string, unknown> | undefined; schema: GraphQLSchema; document: DocumentNode; operation: OperationDefinitionNode; plan: QueryPlan }): void {
    if (typeof args.query !== 'string' || args.schema !== this.schema) return;
    const key = `${args.operationName ?? ''}\n${args.query}`;
    let entry = this.entries.get(key);
    if (!entry || entry.schema !== args.schema) {
      if (this.entries.size >= MAX_DOCUMENTS) this.entries = new Map();
      entry = { schema: args.schema, fetch: singleFetchOf(args.schema, args.document, args.operation, args.plan), accepted: new Set() };
      this.entries.set(key, entry);
    }
    if (!entry.fetch) return;
    if (entry.accepted.size >= MAX_VARIABLE_SETS) entry.accepted.clear();
    entry.accepted.add(variablesKey(args.variables));
  }

  /** The single fetch for this request, if the normal path already accepted it with the same variables under the current schema. */
  lookup(query: string, operationName: string | null | undefined, variables: Record<string, unknown> | null | undefined): SingleFetch | null {
    const entry = this.entries.get(`${operationName ?? ''}\n${query}`);
    if (!entry?.fetch || entry.schema !== this.schema || !entry.accepted.has(variablesKey(variables))) return null;
    return entry.fetch;
  }

  /** Whether the schema a lookup was made under is still the current one (checked again right before sending). */
  current(schema: GraphQLSchema | null): boolean {
    return schema === this.schema;
  }

  get currentSchema(): GraphQLSchema | null {
    return this.schema;
  }
}
