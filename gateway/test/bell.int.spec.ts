import { Browser, subscribe, until, wsClient, type Subscriber } from '@lbf/service-kit/testing';
import { startFiveServices, type FiveServices } from './five-services';

/**
 * The back-office bell end to end through the gateway: a visitor's contact message is stored by
 * messaging, which raises an alert in its outbox; analytics consumes it from JetStream and pushes
 * the new count to the administrators subscribed through the gateway's graphql-ws; reading the
 * message clears it the same way. Customers cannot listen.
 */

interface Bell {
  total: number;
  contact: number;
  items: Array<{ kind: string; title: string; href: string }>;
}

const BELL = 'subscription Bell { adminAlerts { total contact items { kind title href } } }';

describe('the bell through the gateway', () => {
  let stack: FiveServices;
  const subscribers: Array<Subscriber<unknown>> = [];

  const listen = (token: string) => {
    const sub = subscribe<Bell>(wsClient(stack.gateway.wsUrl, `Bearer ${token}`), BELL, (d) => d.adminAlerts as Bell);
    subscribers.push(sub as Subscriber<unknown>);
    return sub;
  };

  beforeAll(async () => {
    stack = await startFiveServices();
  }, 120_000);

  afterAll(async () => {
    await Promise.all(subscribers.map((s) => s.stop().catch(() => undefined)));
    await stack?.stop();
  });

  it('counts a new contact message live, and counts it down when an administrator reads it', async () => {
    const admin = stack.env.newUser({ admin: true });
    const bell = listen(admin.token);
    await until(() => bell.values[0], 5000, 'the bell now');
    expect(bell.values[0]).toEqual({ total: 0, contact: 0, items: [] });

    const visitor = new Browser(stack.gateway.url);
    const ticket = await visitor.gql('mutation { openContactForm { token minSeconds } }');
    const { token, minSeconds } = ticket.data!.openContactForm;
    await new Promise((r) => setTimeout(r, minSeconds * 1000 + 100));
    const sent = await visitor.gql('mutation Send($input: ContactInput!) { sendContactMessage(input: $input) { error { message } } }', {
      input: { name: 'Awa Ndiaye', email: 'awa@example.com', subject: 'GENERAL', message: 'Bonjour, une question sur les tisanes.', acceptTerms: true, ticket: token },
    });
    expect(sent.data!.sendContactMessage.error).toBeNull();

    const rung = await until(() => bell.values.find((v) => v.contact === 1), 5000, 'the bell rings');
    expect(rung.total).toBe(1);
    expect(rung.items).toEqual([{ kind: 'CONTACT', title: 'Nouveau message de Awa Ndiaye', href: expect.stringMatching(/^\/admin\/contact/) }]);

    const asAdmin = new Browser(stack.gateway.url);
    asAdmin.token = admin.token;
    const inbox = await asAdmin.gql('query { adminContactMessages { items { id } } }');
    const id = inbox.data!.adminContactMessages.items[0].id;
    const read = await asAdmin.gql('mutation Read($id: ID!) { adminMarkContactMessage(id: $id, read: true) { error { message } } }', { id });
    expect(read.errors).toBeUndefined();
    await until(() => bell.values.at(-1)?.total === 0 || null, 5000, 'the bell quiet again');
    expect(bell.errors).toEqual([]);
  });

  it('refuses the bell to a customer and to a visitor', async () => {
    const customer = listen(stack.env.newUser().token);
    const refusedCustomer = await until(() => customer.errors[0], 5000, 'a refusal');
    expect(JSON.stringify(refusedCustomer)).toMatch(/FORBIDDEN/);
    const visitor = subscribe<Bell>(wsClient(stack.gateway.wsUrl), BELL, (d) => d.adminAlerts as Bell);
    subscribers.push(visitor as Subscriber<unknown>);
    const refusedVisitor = await until(() => visitor.errors[0], 5000, 'a refusal');
    expect(JSON.stringify(refusedVisitor)).toMatch(/UNAUTHENTICATED/);
    expect([...customer.values, ...visitor.values]).toEqual([]);
  });
});
