import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { GraphQLError, Kind, visit, type ASTNode, type DocumentNode } from 'graphql';
import { FORBIDDEN_CHARACTERS_MESSAGE } from './user-errors';

const NUL = '\u0000';

/**
 * Where a NUL hides in a request's variables: the name of the input field that holds it ('' at
 * the top level), or null when there is none. Postgres text cannot store NUL, so a search, an
 * e-mail or a file name carrying one used to fail deep in a query as an internal error.
 */
export function nullByteField(value: unknown, field = ''): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? field : null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = nullByteField(item, field);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = nullByteField(item, key);
      if (found !== null) return found;
    }
  }
  return null;
}

/** The same for string literals written in the operation itself: the argument or input field they are given to. */
export function nullByteLiteralField(document: DocumentNode): string | null {
  let found: string | null = null;
  visit(document, {
    StringValue(node, _key, parent, _path, ancestors) {
      if (found !== null || !node.value.includes(NUL)) return;
      const chain = [...ancestors, parent].filter((n): n is ASTNode => !!n && !Array.isArray(n) && typeof n === 'object' && 'kind' in n);
      const owner = chain.reverse().find((n) => n.kind === Kind.OBJECT_FIELD || n.kind === Kind.ARGUMENT || n.kind === Kind.VARIABLE_DEFINITION);
      if (!owner) found = '';
      else if (owner.kind === Kind.VARIABLE_DEFINITION) found = owner.variable.name.value;
      else found = owner.kind === Kind.OBJECT_FIELD || owner.kind === Kind.ARGUMENT ? owner.name.value : '';
    },
  });
  return found;
}

// Apollo Server keeps one parsed DocumentNode per distinct operation text, so an operation's
// literals are walked once, not on every request.
const literalScans = new WeakMap<DocumentNode, string | null>();
function literalField(document: DocumentNode): string | null {
  let found = literalScans.get(document);
  if (found === undefined) {
    found = nullByteLiteralField(document);
    literalScans.set(document, found);
  }
  return found;
}

/**
 * Refuses, before any resolver runs, an operation whose string inputs (variables or literals)
 * hold a NUL character, with the one BAD_USER_INPUT shape of the kit's user errors
 * (`extensions.field` names the input field). Answered with HTTP 200 so that the gateway relays
 * the error as it is rather than as an upstream failure.
 */
export function refuseNullBytes<C extends BaseContext>(): ApolloServerPlugin<C> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document }) {
          const field = nullByteField(request.variables ?? {}) ?? literalField(document);
          if (field === null) return;
          throw new GraphQLError(FORBIDDEN_CHARACTERS_MESSAGE, {
            extensions: { code: 'BAD_USER_INPUT', field: field || null, http: { status: 200 } },
          });
        },
      };
    },
  };
}
