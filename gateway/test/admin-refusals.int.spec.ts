import { gatewayHeaders, gql, type TestUser } from '@lbf/service-kit/testing';
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
import { startFiveServices, type FiveServices } from './five-services';

/**
 * Every administrators' root field of every subgraph, found by its description ("Administrators
 * only…" / "Administrators: …") or its name (admin…, export…), asked by a customer and by a visitor, through the gateway and at
 * the subgraph directly (as an attacker who reached it with the gateway's credential). A field
 * added later without a role check fails here without anyone writing a test for it.
 */

const SERVICES = ['identity', 'catalogue', 'commerce', 'messaging', 'analytics'] as const;
type Service = (typeof SERVICES)[number];

const FEDERATION = `
directive @key(fields: String!, resolvable: Boolean = true) repeatable on OBJECT | INTERFACE
directive @shareable repeatable on OBJECT | FIELD_DEFINITION
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

interface AdminField {
  service: Service;
  kind: 'query' | 'mutation' | 'subscription';
  name: string;
  operation: string;
}

function adminFields(): AdminField[] {
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

const FIELDS = adminFields();

function refusal(res: { data?: unknown; errors?: Array<{ extensions?: Record<string, unknown> }> }): string | null {
  const code = res.errors?.[0]?.extensions?.code;
  return typeof code === 'string' ? code : null;
}

describe('administrators’ fields refuse everyone else, at the gateway and at each subgraph', () => {
  let stack: FiveServices;
  let customer: TestUser;

  beforeAll(async () => {
    stack = await startFiveServices();
    customer = stack.env.newUser();
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('finds the administrators’ fields of every service (the list this test walks)', () => {
    const byService = Object.fromEntries(SERVICES.map((s) => [s, FIELDS.filter((f) => f.service === s).map((f) => f.name)]));
    // A floor, not the exact list: each service has its back-office fields, named here so a
    // rewording of the descriptions that hides them from this test is noticed.
    expect(byService.identity).toEqual(expect.arrayContaining(['adminUsers', 'adminUserStats', 'exportUsersCsv', 'banUser', 'unbanUser']));
    expect(byService.catalogue).toEqual(expect.arrayContaining(['catalogueStats', 'exportVideosCsv']));
    expect(byService.commerce).toEqual(expect.arrayContaining(['adminOrders', 'commerceStats', 'adminGrantOrder', 'adminMarkRefunded']));
    expect(byService.messaging).toEqual(expect.arrayContaining(['adminContactMessages', 'adminSendMessage', 'adminMailDeliveries']));
    expect(byService.analytics).toEqual(expect.arrayContaining(['adminStatistics', 'adminAlerts']));
  });

  it.each(FIELDS.map((f) => [`${f.service} ${f.kind} ${f.name}`, f] as const))('%s: a customer gets FORBIDDEN, a visitor UNAUTHENTICATED', async (_label, field) => {
    const direct = stack.subgraphs[field.service];
    const asCustomer = { authorization: `Bearer ${customer.token}` };
    const throughGateway = await gql(stack.gateway.url, field.operation, {}, asCustomer);
    const atSubgraph = await gql(direct, field.operation, {}, gatewayHeaders(stack.env.subgraphSecret, customer.token));
    const visitorThroughGateway = await gql(stack.gateway.url, field.operation);
    const visitorAtSubgraph = await gql(direct, field.operation, {}, gatewayHeaders(stack.env.subgraphSecret));

    expect({ gateway: refusal(throughGateway), subgraph: refusal(atSubgraph) }).toEqual({ gateway: 'FORBIDDEN', subgraph: 'FORBIDDEN' });
    expect({ gateway: refusal(visitorThroughGateway), subgraph: refusal(visitorAtSubgraph) }).toEqual({
      gateway: 'UNAUTHENTICATED',
      subgraph: 'UNAUTHENTICATED',
    });
    // Nothing of the answer leaks beside the refusal.
    for (const res of [throughGateway, atSubgraph, visitorThroughGateway, visitorAtSubgraph]) {
      expect(Object.values((res.data ?? {}) as Record<string, unknown>).filter((v) => v !== null)).toEqual([]);
    }
  });
});
