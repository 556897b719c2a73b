import {
  Kind,
  parse,
  type ConstDirectiveNode,
  type DocumentNode,
  type FieldDefinitionNode,
  type ObjectTypeDefinitionNode,
  type ObjectTypeExtensionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/** A subgraph as the supergraph names it: `join__Graph` enum value, `@join__graph(name:, url:)`. */
export interface SupergraphGraph {
  enumValue: string;
  name: string;
  url: string;
}

export interface SubscriptionRouting {
  /** Subgraphs by name. */
  graphs: Map<string, SupergraphGraph>;
  /** Root Subscription field -> name of the subgraph that resolves it. */
  owners: Map<string, string>;
}

function stringArg(directive: ConstDirectiveNode, arg: string): string | undefined {
  const value = directive.arguments?.find((a) => a.name.value === arg)?.value;
  return value && value.kind === Kind.STRING ? value.value : undefined;
}

function enumArg(directive: ConstDirectiveNode, arg: string): string | undefined {
  const value = directive.arguments?.find((a) => a.name.value === arg)?.value;
  return value && value.kind === Kind.ENUM ? value.value : undefined;
}

function joinGraphsOf(directives: readonly ConstDirectiveNode[] | undefined, directive: string): string[] {
  return (directives ?? []).filter((d) => d.name.value === directive).flatMap((d) => enumArg(d, 'graph') ?? []);
}

/**
 * Reads which subgraph owns each root Subscription field from a supergraph SDL (join spec):
 * a field's own `@join__field(graph:)` when it has one, else its type's single `@join__type(graph:)`.
 * The gateway hands each subscription to that subgraph's graphql-ws endpoint.
 */
export function subscriptionRouting(supergraphSdl: string | DocumentNode): SubscriptionRouting {
  const doc = typeof supergraphSdl === 'string' ? parse(supergraphSdl) : supergraphSdl;
  const byEnum = new Map<string, SupergraphGraph>();
  let subscriptionTypeName = 'Subscription';
  const subscriptionParts: Array<ObjectTypeDefinitionNode | ObjectTypeExtensionNode> = [];

  for (const def of doc.definitions) {
    if (def.kind === Kind.ENUM_TYPE_DEFINITION && def.name.value === 'join__Graph') {
      for (const value of def.values ?? []) {
        const d = value.directives?.find((x) => x.name.value === 'join__graph');
        const name = d && stringArg(d, 'name');
        const url = d && stringArg(d, 'url');
        if (name && url !== undefined) byEnum.set(value.name.value, { enumValue: value.name.value, name, url });
      }
    }
    if (def.kind === Kind.SCHEMA_DEFINITION || def.kind === Kind.SCHEMA_EXTENSION) {
      const sub = def.operationTypes?.find((t) => t.operation === 'subscription');
      if (sub) subscriptionTypeName = sub.type.name.value;
    }
  }
  for (const def of doc.definitions) {
    if ((def.kind === Kind.OBJECT_TYPE_DEFINITION || def.kind === Kind.OBJECT_TYPE_EXTENSION) && def.name.value === subscriptionTypeName) {
      subscriptionParts.push(def);
    }
  }

  const owners = new Map<string, string>();
  const typeGraphs = subscriptionParts.flatMap((part) => joinGraphsOf(part.directives, 'join__type'));
  const fields: FieldDefinitionNode[] = subscriptionParts.flatMap((part) => [...(part.fields ?? [])]);
  for (const field of fields) {
    const fieldGraphs = joinGraphsOf(field.directives, 'join__field');
    const candidates = fieldGraphs.length ? fieldGraphs : typeGraphs.length === 1 ? typeGraphs : [];
    // A Subscription field resolved by several subgraphs (@shareable) goes to the first one listed.
    const graph = candidates.map((c) => byEnum.get(c)).find(Boolean);
    if (graph) owners.set(field.name.value, graph.name);
  }
  const graphs = new Map([...byEnum.values()].map((g) => [g.name, g]));
  return { graphs, owners };
}

/** The names of an operation's root fields, fragments at the root included, `__typename` left out. */
export function rootFieldNames(doc: DocumentNode, operation: OperationDefinitionNode): string[] {
  const fragments = new Map(doc.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])));
  const names = new Set<string>();
  const seen = new Set<string>();
  const walk = (set: SelectionSetNode) => {
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        if (sel.name.value !== '__typename') names.add(sel.name.value);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        walk(sel.selectionSet);
      } else {
        const name = sel.name.value;
        const frag = fragments.get(name);
        if (frag && !seen.has(name)) {
          seen.add(name);
          walk(frag.selectionSet);
        }
      }
    }
  };
  walk(operation.selectionSet);
  return [...names];
}

export type OwnerResolution = { ok: true; subgraph: string } | { ok: false; reason: 'unknown-field' | 'several-subgraphs' | 'no-field'; fields: string[] };

/** The one subgraph that can serve all these root Subscription fields, or why none can. */
export function ownerOfFields(routing: SubscriptionRouting, fields: string[]): OwnerResolution {
  if (!fields.length) return { ok: false, reason: 'no-field', fields };
  const unknown = fields.filter((f) => !routing.owners.has(f));
  if (unknown.length) return { ok: false, reason: 'unknown-field', fields: unknown };
  const owners = new Set(fields.map((f) => routing.owners.get(f)!));
  if (owners.size > 1) return { ok: false, reason: 'several-subgraphs', fields };
  return { ok: true, subgraph: [...owners][0]! };
}

/** http://host:port/graphql -> ws://host:port/graphql (https -> wss). */
export function toWebSocketUrl(httpUrl: string): string {
  const url = new URL(httpUrl);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  else if (url.protocol === 'https:') url.protocol = 'wss:';
  else if (url.protocol !== 'ws:' && url.protocol !== 'wss:') throw new Error(`Not an http(s) URL: ${httpUrl}`);
  return url.toString();
}
