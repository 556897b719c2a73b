import { events, makeEnvelope, publishEnvelope } from '@lbf/proto-events';
import { serviceRole } from '@lbf/service-kit';
import { Browser, until } from '@lbf/service-kit/testing';
import { connect, type NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { signUpThroughGateway } from './accounts';
import { startFiveServices, type FiveServices } from './five-services';

/**
 * The admin users table is one query through the gateway: identity answers the page (names, ban
 * state), commerce and messaging each answer one `_entities` batch (purchases and total spent,
 * unread messages). Every SQL statement the services send is watched here, by the role it is sent
 * as, to count what each subgraph spends on one page of users.
 */

interface Statement {
  role: string;
  text: string;
  values: unknown[];
}

const statements: Statement[] = [];
const originalQuery = pg.Client.prototype.query;

function watchStatements(): void {
  // The services run in this process, on this module's pg: every statement passes here.
  pg.Client.prototype.query = function watched(this: pg.Client & { connectionParameters?: { user?: string } }, ...args: unknown[]) {
    const [config, values] = args as [string | { text?: string; values?: unknown[] }, unknown];
    const text = typeof config === 'string' ? config : (config?.text ?? '');
    const vals = Array.isArray(values) ? values : typeof config === 'object' ? (config?.values ?? []) : [];
    statements.push({ role: this.connectionParameters?.user ?? '?', text, values: vals });
    return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
}

/** Statements of `service` that name one of `ids` among their parameters (alone or in an array). */
function statementsAbout(service: string, ids: string[], from: number): Statement[] {
  const role = serviceRole(service);
  const mentions = (v: unknown): boolean =>
    (typeof v === 'string' && ids.includes(v)) || (Array.isArray(v) && v.some(mentions)) || (typeof v === 'string' && ids.some((id) => v.includes(id)));
  return statements.slice(from).filter((s) => s.role === role && s.values.some(mentions));
}

const USERS_PAGE = `query Users($search: String, $sort: UserSort, $direction: SortDirection) {
  adminUsers(search: $search, sort: $sort, direction: $direction, pageSize: 25) {
    total
    items { id fullName email isBanned purchaseCount totalSpent { xaf } unreadMessageCount }
  }
}`;

describe('the admin users table through the gateway', () => {
  let stack: FiveServices;
  let nc: NatsConnection;
  let adminToken: string;
  const people: Record<'eloise' | 'awa' | 'jean', { id: string; email: string; browser: Browser }> = {} as never;

  const asAdmin = () => {
    const b = new Browser(stack.gateway.url);
    b.token = adminToken;
    return b;
  };

  const signUp = (firstName: string, lastName: string) => signUpThroughGateway(stack, { firstName, lastName });

  async function publishItem(title: string, priceCents: number): Promise<string> {
    const itemId = randomUUID();
    const envelope = makeEnvelope({
      subject: 'catalogue.item.published',
      version: events['catalogue.item.published'].version,
      producer: 'test',
      data: { itemId, itemType: 'video', title, priceCents, currency: 'USD', occurredAt: new Date().toISOString() },
    });
    await publishEnvelope(nc.jetstream(), stack.env.stream.prefix, envelope);
    await until(async () => ((await stack.env.sql.query('SELECT 1 FROM commerce.price_list WHERE item_id = $1', [itemId])).rowCount ? true : null), 5000, 'price list');
    return itemId;
  }

  /** A completed purchase: the customer starts a checkout, an administrator grants the order. */
  async function buy(who: Browser, itemId: string): Promise<void> {
    const start = await who.gql('mutation Start($input: StartCheckoutInput!) { startCheckout(input: $input) { order { id } error { message } } }', {
      input: { itemId, itemType: 'VIDEO', method: 'NOTCHPAY', consentImmediateAccess: true, consentHealthData: true },
    });
    expect(start.data!.startCheckout.error).toBeNull();
    const grant = await asAdmin().gql('mutation Grant($input: AdminOrderReasonInput!) { adminGrantOrder(input: $input) { order { status } error { message } } }', {
      input: { orderId: start.data!.startCheckout.order.id, reason: 'Paiement en espèces au bureau' },
    });
    expect(grant.data!.adminGrantOrder.order.status).toBe('COMPLETED');
  }

  beforeAll(async () => {
    stack = await startFiveServices();
    nc = await connect({ servers: stack.env.baseConfig('identity').natsUrl });
    // A real administrator (a ban records who banned): an account given the role, then signed in.
    const boss = await signUp('Mariam', 'Admin');
    await stack.env.sql.query(`INSERT INTO identity.admin_roles (user_id, role) VALUES ($1, 'admin')`, [boss.id]);
    const signIn = await new Browser(stack.gateway.url).gql('mutation SignIn($input: SignInInput!) { signIn(input: $input) { accessToken } }', {
      input: { email: boss.email, password: 'secret1', asAdmin: true },
    });
    adminToken = signIn.data!.signIn.accessToken;
    people.eloise = await signUp('Éloïse', 'Mbarga');
    people.awa = await signUp('Awa', 'Ndiaye');
    people.jean = await signUp('Jean', 'Éboué');

    const tisane = await publishItem('Les tisanes du soir', 359);
    const sommeil = await publishItem('Le sommeil réparateur', 500);
    await buy(people.eloise.browser, tisane);
    await buy(people.eloise.browser, sommeil);
    await buy(people.awa.browser, tisane);

    // Messaging learns the users from identity's events before it can address them.
    await until(async () => ((await stack.env.sql.query('SELECT 1 FROM messaging.users WHERE user_id = $1', [people.eloise.id])).rowCount ? true : null), 10_000, 'messaging knows Éloïse');
    const sent = await asAdmin().gql('mutation Send($input: SendInternalMessageInput!) { adminSendMessage(input: $input) { error { message } } }', {
      input: { toAll: false, recipientId: people.eloise.id, subject: 'Bienvenue', content: 'Votre accès est prêt.' },
    });
    expect(sent.data!.adminSendMessage.error).toBeNull();
    const ban = await asAdmin().gql('mutation Ban($input: BanUserInput!) { banUser(input: $input) { error { message } } }', {
      input: { userId: people.jean.id, reason: 'Fraude' },
    });
    expect(ban.errors).toBeUndefined();
    expect(ban.data!.banUser.error).toBeNull();
    // Sorting by spending uses identity's read model of commerce's purchases: wait for it.
    await until(
      async () => {
        const r = await asAdmin().gql(USERS_PAGE, { sort: 'TOTAL_SPENT', direction: 'DESC' });
        return r.data?.adminUsers.items[0]?.id === people.eloise.id ? true : null;
      },
      10_000,
      'identity has the purchase totals',
    );
    watchStatements();
  }, 180_000);

  afterAll(async () => {
    pg.Client.prototype.query = originalQuery;
    await nc?.close();
    await stack?.stop();
  });

  it('joins names and ban state (identity), purchases and total spent (commerce), unread messages (messaging) in one query', async () => {
    // Sorted by name with accents ignored: Éloïse between Awa and Jean.
    const res = await asAdmin().gql(USERS_PAGE, { sort: 'NAME', direction: 'ASC' });
    expect(res.errors).toBeUndefined();
    const rows = res.data!.adminUsers.items.map((u: Record<string, unknown>) => ({ ...u, id: undefined, email: undefined }));
    expect(res.data!.adminUsers.total).toBe(4);
    // 359 and 500 cents at 656 FCFA the dollar, each rounded up to a whole franc.
    expect(rows).toEqual([
      { fullName: 'Awa Ndiaye', isBanned: false, purchaseCount: 1, totalSpent: { xaf: 2356 }, unreadMessageCount: 0 },
      { fullName: 'Éloïse Mbarga', isBanned: false, purchaseCount: 2, totalSpent: { xaf: 2356 + 3280 }, unreadMessageCount: 1 },
      { fullName: 'Jean Éboué', isBanned: true, purchaseCount: 0, totalSpent: { xaf: 0 }, unreadMessageCount: 0 },
      { fullName: 'Mariam Admin', isBanned: false, purchaseCount: 0, totalSpent: { xaf: 0 }, unreadMessageCount: 0 },
    ].map((r) => ({ ...r, id: undefined, email: undefined })));
  });

  it('costs commerce and messaging one SQL statement each for the whole page', async () => {
    const ids = [people.eloise.id, people.awa.id, people.jean.id];
    const from = statements.length;
    const res = await asAdmin().gql(USERS_PAGE, {});
    expect(res.data!.adminUsers.items).toHaveLength(4);
    expect(statementsAbout('commerce', ids, from)).toHaveLength(1);
    expect(statementsAbout('messaging', ids, from)).toHaveLength(1);
    // The page itself: identity reads its users in a handful of statements, not one per row. Only reads
    // of users count: identity's outbox relay and consumers run on the same role and,
    // on a busy machine, may tick inside this window.
    const identity = statements.slice(from).filter((s) => s.role === serviceRole('identity') && /^\s*(WITH|SELECT)\b/i.test(s.text) && /\busers\b/.test(s.text));
    expect(identity.length).toBeGreaterThanOrEqual(1);
    expect(identity.length).toBeLessThanOrEqual(3);
  });

  it('finds a user by part of their name, case and accents ignored, and sorts by what they spent', async () => {
    const found = await asAdmin().gql(USERS_PAGE, { search: 'ELOISE' });
    expect(found.data!.adminUsers.items.map((u: { id: string }) => u.id)).toEqual([people.eloise.id]);
    const byMail = await asAdmin().gql(USERS_PAGE, { search: people.awa.email.slice(0, 6) });
    expect(byMail.data!.adminUsers.items.map((u: { id: string }) => u.id)).toEqual([people.awa.id]);
    const bySpent = await asAdmin().gql(USERS_PAGE, { sort: 'TOTAL_SPENT', direction: 'DESC' });
    expect(bySpent.data!.adminUsers.items.slice(0, 2).map((u: { id: string }) => u.id)).toEqual([people.eloise.id, people.awa.id]);
  });

  it('refuses the page to a customer, and a customer cannot read another user’s purchases or messages through an entity query', async () => {
    const asCustomer = people.awa.browser;
    const page = await asCustomer.gql(USERS_PAGE, {});
    expect(page.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const entities = await asCustomer.gql(`query Them($id: ID!) { _entities(representations: [{ __typename: "User", id: $id }]) { ... on User { purchaseCount } } }`, {
      id: people.eloise.id,
    });
    // The gateway does not serve `_entities`; the subgraphs refuse it to customers (tested there).
    expect(entities.errors).toBeDefined();
    expect(JSON.stringify(entities.data ?? null)).not.toMatch(/purchaseCount":\d/);
  });
});
