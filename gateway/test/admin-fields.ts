import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  buildASTSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  parse,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';

/**
 * The administrators' root fields of every subgraph, found by their description ("Administrators
 * only…" / "Administrators: …") or their name (admin…, export…), each with an operation that passes
 * GraphQL validation: what admin-refusals.int.spec.ts asks as a customer and a visitor, and what
 * admin-journal.int.spec.ts holds the journal's walk to (every administrators' mutation).
 */

export const SERVICES = ['identity', 'catalogue', 'commerce', 'messaging', 'analytics'] as const;
export type Service = (typeof SERVICES)[number];

const FEDERATION = `
directive @key(fields: String!, resolvable: Boolean = true) repeatable on OBJECT | INTERFACE
directive @shareable repeatable on OBJECT | FIELD_DEFINITION
directive @tag(name: String!) repeatable on FIELD_DEFINITION | OBJECT | INTERFACE | UNION | ARGUMENT_DEFINITION | SCALAR | ENUM | ENUM_VALUE | INPUT_OBJECT | INPUT_FIELD_DEFINITION
directive @link(url: String, import: [String]) repeatable on SCHEMA
`;

function subgraphSchema(service: Service): GraphQLSchema {
  const sdl = readFileSync(join(__dirname, '../../services', service, 'src/schema.graphql'), 'utf8').replace(/^extend schema[^\n]*\n/, '');
  return buildASTSchema(parse(FEDERATION + sdl), { assumeValidSDL: true });
}

/** A value of the type that passes GraphQL validation (what the resolver then makes of it is its business). */
function sample(type: GraphQLInputType): string {
  if (isNonNullType(type)) return sample(type.ofType);
  if (isListType(type)) return `[${sample(type.ofType)}]`;
  if (isEnumType(type)) return type.getValues()[0]!.name;
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields()).filter((f) => isNonNullType(f.type) && f.defaultValue === undefined);
    return `{ ${fields.map((f) => `${f.name}: ${sample(f.type)}`).join(', ')} }`;
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case 'ID':
        return JSON.stringify(randomUUID());
      case 'Int':
      case 'Float':
        return '1';
      case 'Boolean':
        return 'false';
      default:
        return '"x"';
    }
  }
  throw new Error(`no sample for ${String(type)}`);
}

function operationFor(kind: 'query' | 'mutation' | 'subscription', field: GraphQLField<unknown, unknown>): string {
  const required = field.args.filter((a: GraphQLArgument) => isNonNullType(a.type) && a.defaultValue === undefined);
  const args = required.length ? `(${required.map((a) => `${a.name}: ${sample(a.type)}`).join(', ')})` : '';
  const selection = isObjectType(getNamedType(field.type)) ? ' { __typename }' : '';
  return `${kind} { ${field.name}${args}${selection} }`;
}

export interface AdminField {
  service: Service;
  kind: 'query' | 'mutation' | 'subscription';
  name: string;
  operation: string;
}

export function adminFields(): AdminField[] {
  return SERVICES.flatMap((service) => {
    const schema = subgraphSchema(service);
    const roots = [
      ['query', schema.getQueryType()],
      ['mutation', schema.getMutationType()],
    ] as const;
    return roots.flatMap(([kind, type]) =>
      Object.values(type?.getFields() ?? {})
        .filter((f) => /^Administrators\b/.test(f.description ?? '') || /^(admin|export)[A-Z]/.test(f.name))
        .map((f) => ({ service, kind, name: f.name, operation: operationFor(kind, f) })),
    );
  });
}

