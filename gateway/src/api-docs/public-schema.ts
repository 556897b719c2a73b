import { API_SCOPES, type ApiScope } from '@lbf/service-kit';
import {
  GraphQLSchema,
  Kind,
  buildASTSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isIntrospectionType,
  isObjectType,
  isSpecifiedScalarType,
  parse,
  type ConstDirectiveNode,
  type DefinitionNode,
  type DocumentNode,
  type FieldDefinitionNode,
  type GraphQLEnumType,
  type GraphQLNamedType,
  type InputValueDefinitionNode,
} from 'graphql';

/**
 * Issue 24 point 3: the public schema, what integrators are documented. Where it comes from is the
 * subgraphs' SDL alone, through federation's `@tag` (kept in the composed supergraph):
 *   - `@tag(name: "public")` on a root field anyone may ask (the catalogue, the news);
 *   - `@tag(name: "scope:<scope>")` on a root field an API key holding that scope may ask (the kit's
 *     API_SCOPES; the resolver enforces it with `scoped(...)` / `requireScope(...)`);
 *   - `@tag(name: "internal")` on a field of a public type that integrators never get (an
 *     administrator's signed URL, the signed-in viewer's own progress): left out of the public schema.
 * Every type reachable from the tagged root fields is public, with its fields but the internal ones.
 */
export const PUBLIC_TAG = 'public';
export const INTERNAL_TAG = 'internal';
const SCOPE_TAG_PREFIX = 'scope:';

export interface PublicSchema {
  schema: GraphQLSchema;
  /** Each public root field's access by coordinate (`Query.videos`, `Mutation.createArticle`): 'public', or the scope an API key needs. */
  access: Map<string, 'public' | ApiScope>;
  /** The services' error-code enums (`IdentityErrorCode`…): what `UserError.code` holds, for the docs. */
  errorCodes: GraphQLEnumType[];
}

function tagsOf(node: { directives?: readonly ConstDirectiveNode[] }): string[] {
  return (node.directives ?? []).flatMap((d) => {
    if (d.name.value !== 'tag') return [];
    const arg = d.arguments?.find((a) => a.name.value === 'name');
    return arg && arg.value.kind === Kind.STRING ? [arg.value.value] : [];
  });
}

/** The access a root field's tags give it; null when it is not public. Throws on a scope the kit does not know. */
export function accessOf(coordinate: string, tags: string[]): 'public' | ApiScope | null {
  if (tags.includes(PUBLIC_TAG)) return 'public';
  const scopeTag = tags.find((t) => t.startsWith(SCOPE_TAG_PREFIX));
  if (!scopeTag) return null;
  const scope = scopeTag.slice(SCOPE_TAG_PREFIX.length);
  if (!Object.prototype.hasOwnProperty.call(API_SCOPES, scope)) throw new Error(`${coordinate}: @tag(name: "${scopeTag}") names no scope of API_SCOPES`);
  return scope as ApiScope;
}

const internal = (node: FieldDefinitionNode | InputValueDefinitionNode) => tagsOf(node).includes(INTERNAL_TAG);

/** The root types whose fields are public only when tagged so. */
const ROOT_TYPES = new Set(['Query', 'Mutation']);

/** The supergraph's definitions with the root types' non-public fields and every internal field left out. */
function filterDefinitions(doc: DocumentNode, access: PublicSchema['access']): DefinitionNode[] {
  return doc.definitions.map((def) => {
    if (def.kind === Kind.OBJECT_TYPE_DEFINITION || def.kind === Kind.INTERFACE_TYPE_DEFINITION) {
      const isRoot = def.kind === Kind.OBJECT_TYPE_DEFINITION && ROOT_TYPES.has(def.name.value);
      const fields = (def.fields ?? []).filter((f) => {
        if (internal(f)) return false;
        if (!isRoot) return true;
        const coordinate = `${def.name.value}.${f.name.value}`;
        const level = accessOf(coordinate, tagsOf(f));
        if (level) access.set(coordinate, level);
        return level !== null;
      });
      return { ...def, fields: fields.map((f) => ({ ...f, arguments: f.arguments?.filter((a) => !internal(a)) })) };
    }
    if (def.kind === Kind.INPUT_OBJECT_TYPE_DEFINITION) return { ...def, fields: def.fields?.filter((f) => !internal(f)) };
    return def;
  });
}

/** The public schema out of a composed supergraph's SDL (what the gateway serves, or what the build composes). */
export function publicSchema(supergraphSdl: string): PublicSchema {
  const access: PublicSchema['access'] = new Map();
  const doc = parse(supergraphSdl);
  const full = buildASTSchema({ ...doc, definitions: filterDefinitions(doc, access) }, { assumeValidSDL: true });
  const query = full.getQueryType();
  if (!query) throw new Error('the supergraph has no Query type');
  // The root types alone hold exactly the types reachable from the public fields; no federation directive.
  const mutations = full.getMutationType();
  const mutation = mutations && Object.keys(mutations.getFields()).length > 0 ? mutations : undefined;
  const errorCodes = Object.values(full.getTypeMap()).filter((t): t is GraphQLEnumType => isEnumType(t) && t.name.endsWith('ErrorCode'));
  return { schema: new GraphQLSchema({ query, mutation }), access, errorCodes: errorCodes.sort((a, b) => a.name.localeCompare(b.name)) };
}

/** A public type, field, argument or enum value, by its schema coordinate (`Video`, `Video.title`, `Query.videos(pageSize:)`, `VideoSort.NEWEST`). */
export interface SchemaElement {
  coordinate: string;
  description: string | null | undefined;
}

/** Query first, then Mutation, then every other type. */
function rootRank(schema: GraphQLSchema, type: GraphQLNamedType): number {
  return type === schema.getQueryType() ? 0 : type === schema.getMutationType() ? 1 : 2;
}

/** The named types a reader of the public schema meets (not the built-in scalars nor introspection's). */
export function publicTypes(schema: GraphQLSchema): GraphQLNamedType[] {
  return Object.values(schema.getTypeMap())
    .filter((t) => !isIntrospectionType(t) && !isSpecifiedScalarType(t))
    .sort((a, b) => rootRank(schema, a) - rootRank(schema, b) || a.name.localeCompare(b.name));
}

/** Every element of a type that needs a description, the type first. */
export function elementsOf(type: GraphQLNamedType): SchemaElement[] {
  const out: SchemaElement[] = [{ coordinate: type.name, description: type.description }];
  if (isObjectType(type) || isInterfaceType(type)) {
    for (const field of Object.values(type.getFields())) {
      out.push({ coordinate: `${type.name}.${field.name}`, description: field.description });
      for (const arg of field.args) out.push({ coordinate: `${type.name}.${field.name}(${arg.name}:)`, description: arg.description });
    }
  } else if (isInputObjectType(type)) {
    for (const field of Object.values(type.getFields())) out.push({ coordinate: `${type.name}.${field.name}`, description: field.description });
  } else if (isEnumType(type)) {
    for (const value of type.getValues()) out.push({ coordinate: `${type.name}.${value.name}`, description: value.description });
  }
  return out;
}

/** French descriptions by schema coordinate (gateway/api/fr.json). */
export type FrenchDescriptions = Record<string, string>;

/** The coordinates lacking their English (SDL) or French (fr.json) description, one line each. */
export function missingDescriptions(schema: GraphQLSchema, french: FrenchDescriptions): string[] {
  const missing: string[] = [];
  for (const type of publicTypes(schema)) {
    for (const el of elementsOf(type)) {
      if (!el.description?.trim()) missing.push(`${el.coordinate}: no English description (in the subgraph's SDL)`);
      if (!french[el.coordinate]?.trim()) missing.push(`${el.coordinate}: no French description (gateway/api/fr.json)`);
    }
  }
  return missing;
}
