import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';

/**
 * A subgraph's own limits on an operation's shape: a second wall behind the gateway's precise cost
 * rules, cheap enough to run on every request, for whatever reaches a subgraph without them.
 */
export interface OperationLimits {
  /** Deepest nesting of selections (a field with sub-fields adds one level). */
  maxDepth: number;
  /** Fields answered under another name; aliases are how one request repeats an expensive field. */
  maxAliases: number;
  /** Top-level fields of one operation. */
  maxRootFields: number;
  /** Fields in the whole operation, fragments expanded where they are used: the cost. */
  maxFields: number;
}

/** Far above what the gateway's query plans send (its own depth limit is 12; entity fetches add two). */
export const DEFAULT_OPERATION_LIMITS: OperationLimits = { maxDepth: 16, maxAliases: 50, maxRootFields: 30, maxFields: 1500 };

export interface OperationShape {
  depth: number;
  aliases: number;
  rootFields: number;
  fields: number;
}

/** Measures an operation; a fragment is counted each time it is spread (that is what it costs). */
export function measureOperation(operation: OperationDefinitionNode, fragments: (name: string) => FragmentDefinitionNode | undefined): OperationShape {
  const shape: OperationShape = { depth: 0, aliases: 0, rootFields: 0, fields: 0 };
  // Bounds the walk itself: a fragment bomb stops being expanded once the cost is far past any limit.
  const budget = 100_000;
  const walk = (set: SelectionSetNode, depth: number, root: boolean, path: Set<string>) => {
    for (const sel of set.selections) {
      if (shape.fields > budget) return;
      if (sel.kind === Kind.FIELD) {
        if (sel.name.value === '__typename') continue;
        shape.fields += 1;
        if (root) shape.rootFields += 1;
        if (sel.alias) shape.aliases += 1;
        const level = depth + 1;
        if (level > shape.depth) shape.depth = level;
        if (sel.selectionSet) walk(sel.selectionSet, level, false, path);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        walk(sel.selectionSet, depth, root, path);
      } else {
        const name = sel.name.value;
        const fragment = fragments(name);
        // A cycle is refused by graphql's own rules; here it only must not loop.
        if (!fragment || path.has(name)) continue;
        walk(fragment.selectionSet, depth, root, new Set(path).add(name));
      }
    }
  };
  walk(operation.selectionSet, 0, true, new Set());
  return shape;
}

/** A validation rule refusing operations past the limits, with a message that says which. */
export function operationLimitsRule(limits: OperationLimits = DEFAULT_OPERATION_LIMITS) {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(node) {
      const shape = measureOperation(node, (name) => context.getFragment(name) ?? undefined);
      const refuse = (message: string) => context.reportError(new GraphQLError(message, { nodes: [node], extensions: { code: 'OPERATION_TOO_COMPLEX' } }));
      if (shape.depth > limits.maxDepth) refuse(`Operation too deep: ${shape.depth} levels, at most ${limits.maxDepth}.`);
      if (shape.aliases > limits.maxAliases) refuse(`Too many aliases: ${shape.aliases}, at most ${limits.maxAliases}.`);
      if (shape.rootFields > limits.maxRootFields) refuse(`Too many top-level fields: ${shape.rootFields}, at most ${limits.maxRootFields}.`);
      if (shape.fields > limits.maxFields) refuse(`Operation too large: ${shape.fields} fields, at most ${limits.maxFields}.`);
    },
  });
}

/** "Cannot query field "emial" on type "User". Did you mean "email"?" loses its last sentence: no schema hints to strangers. */
export function withoutSuggestions(message: string): string {
  return message.replace(/\s*Did you mean [^?]*\?\s*$/s, '');
}
