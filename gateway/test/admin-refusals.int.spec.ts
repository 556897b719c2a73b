import { gatewayHeaders, gql, type TestUser } from '@lbf/service-kit/testing';
import { adminFields, SERVICES } from './admin-fields';
import { startFiveServices, type FiveServices } from './five-services';

/**
 * Every administrators' root field of every subgraph, found by its description ("Administrators
 * only…" / "Administrators: …") or its name (admin…, export…), asked by a customer and by a visitor, through the gateway and at
 * the subgraph directly (as an attacker who reached it with the gateway's credential). A field
 * added later without a role check fails here without anyone writing a test for it.
 */

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
    expect(byService.analytics).toEqual(expect.arrayContaining(['adminStatistics', 'adminAlerts', 'adminJournal', 'adminJournalFilters', 'exportAdminJournalCsv']));
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
