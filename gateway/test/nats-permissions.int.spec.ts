import { events, makeEnvelope, publishEnvelope } from '@lbf/proto-events';
import { natsUsersConf, SERVICE_REGISTRY } from '@lbf/service-kit';
import { Browser, createTestEnvironment, freePort, PrivateNats, until, type TestEnvironment } from '@lbf/service-kit/testing';
import { connect, type NatsConnection } from 'nats';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signUpThroughGateway } from './accounts';
import { startFiveServices, type FiveServices } from './five-services';

/**
 * One NATS user per service (deploy/nats/users.conf, services/kit/src/nats-permissions.ts): the five
 * services run against a nats-server of this file's own that knows only those users, a purchase goes
 * from checkout to entitlement and receipt mail through their events with no permission refused, and a
 * service that publishes another's event is refused by the server.
 */
describe('NATS users per service', () => {
  let dir: string;
  let env: TestEnvironment;
  let nats: PrivateNats;
  let stack: FiveServices;
  const passwords = Object.fromEntries(SERVICE_REGISTRY.map((s) => [s.name, `p${randomBytes(12).toString('hex')}`]));
  const urlOf = (service: string) => `nats://${service}:${passwords[service]}@127.0.0.1:${nats.port}`;
  const connectAs = (service: string) => connect({ servers: `nats://127.0.0.1:${nats.port}`, user: service, pass: passwords[service], reconnect: false });
  let logFile: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lbf-nats-users-'));
    env = await createTestEnvironment();
    await writeFile(join(dir, 'users.conf'), natsUsersConf(SERVICE_REGISTRY.map((s) => s.name), env.stream));
    await writeFile(join(dir, 'nats.conf'), 'include ./users.conf\n');
    logFile = join(dir, 'nats.log');
    nats = new PrivateNats(await freePort(), join(dir, 'store'), {
      config: join(dir, 'nats.conf'),
      log: logFile,
      env: Object.fromEntries(SERVICE_REGISTRY.map((s) => [`LBF_NATS_${s.name.toUpperCase()}_PASSWORD`, passwords[s.name]!])),
    });
    await nats.start();
    stack = await startFiveServices({}, { env, natsUrl: urlOf });
  });

  afterAll(async () => {
    await stack?.stop();
    await nats?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a connection without a user, and a wrong password', async () => {
    await expect(connect({ servers: `nats://127.0.0.1:${nats.port}`, reconnect: false })).rejects.toMatchObject({ code: 'AUTHORIZATION_VIOLATION' });
    await expect(connect({ servers: `nats://127.0.0.1:${nats.port}`, user: 'catalogue', pass: 'guess', reconnect: false })).rejects.toMatchObject({
      code: 'AUTHORIZATION_VIOLATION',
    });
  });

  it('carries a purchase from checkout to entitlement, receipt mail and the journal with every service on its own user, and no permission refused', async () => {
    const boss = await signUpThroughGateway(stack, { firstName: 'Mariam', lastName: 'Admin' });
    await env.sql.query(`INSERT INTO identity.admin_roles (user_id, role) VALUES ($1, 'admin')`, [boss.id]);
    const admin = new Browser(stack.gateway.url);
    const signIn = await admin.gql('mutation SignIn($input: SignInInput!) { signIn(input: $input) { accessToken } }', {
      input: { email: boss.email, password: 'secret1', asAdmin: true },
    });
    admin.token = signIn.data!.signIn.accessToken;
    const awa = await signUpThroughGateway(stack);

    // The catalogue's own event, published as the catalogue would (its user): commerce learns the price.
    const catalogue = await connectAs('catalogue');
    const itemId = randomUUID();
    try {
      await publishEnvelope(
        catalogue.jetstream(),
        env.stream.prefix,
        makeEnvelope({
          subject: 'catalogue.item.published',
          version: events['catalogue.item.published'].version,
          producer: 'catalogue',
          data: { itemId, itemType: 'video', title: 'Les tisanes du soir', priceCents: 359, currency: 'USD', occurredAt: new Date().toISOString() },
        }),
      );
    } finally {
      await catalogue.close();
    }
    await until(async () => ((await env.sql.query('SELECT 1 FROM commerce.price_list WHERE item_id = $1', [itemId])).rowCount ? true : null), 10_000, 'price list');

    const start = await awa.browser.gql('mutation Start($input: StartCheckoutInput!) { startCheckout(input: $input) { order { id } error { message } } }', {
      input: { itemId, itemType: 'VIDEO', method: 'NOTCHPAY', consentImmediateAccess: true, consentHealthData: true },
    });
    expect(start.data!.startCheckout.error).toBeNull();
    const grant = await admin.gql('mutation Grant($input: AdminOrderReasonInput!) { adminGrantOrder(input: $input) { order { status } error { message } } }', {
      input: { orderId: start.data!.startCheckout.order.id, reason: 'Paiement en espèces au bureau' },
    });
    expect(grant.data!.adminGrantOrder.order.status).toBe('COMPLETED');

    // commerce's order.completed reaches catalogue (entitlement), identity (totals) and messaging (receipt).
    await until(async () => ((await env.sql.query('SELECT 1 FROM catalogue.entitlements WHERE user_id = $1 AND item_id = $2', [awa.id, itemId])).rowCount ? true : null), 15_000, 'entitlement');
    await until(() => (stack.mail.mails(awa.email).some((m) => /reçu|achat/i.test(m.subject ?? '')) ? true : null), 15_000, 'receipt mail');
    // The grant's journal entry: commerce's own commerce.admin.action_recorded, kept by analytics.
    const orderId = start.data!.startCheckout.order.id as string;
    await until(
      async () => ((await env.sql.query(`SELECT 1 FROM analytics.admin_journal WHERE action = 'order.granted' AND target_id = $1`, [orderId])).rowCount ? true : null),
      15_000,
      'the grant in the journal',
    );

    const refusals = (await readFile(logFile, 'utf8')).split('\n').filter((l) => /Violation/i.test(l));
    expect(refusals).toEqual([]);
  });

  it('refuses a service that publishes another service’s event, which never reaches the stream', async () => {
    const catalogue: NatsConnection = await connectAs('catalogue');
    const forged = makeEnvelope({
      subject: 'identity.user.registered',
      version: events['identity.user.registered'].version,
      producer: 'catalogue',
      data: { userId: randomUUID(), email: 'forged@example.com', firstName: 'Faux', lastName: 'Compte', phone: null, registeredAt: new Date().toISOString(), origin: 'sign-up' },
    });
    const stored = async () => {
      const identity = await connectAs('identity');
      try {
        const info = await (await identity.jetstreamManager()).streams.info(env.stream.stream, { subjects_filter: '>' });
        return info.state.subjects?.[`${env.stream.prefix}.identity.user.registered`] ?? 0;
      } finally {
        await identity.close();
      }
    };
    const before = await stored();
    try {
      await expect(publishEnvelope(catalogue.jetstream({ timeout: 2000 }), env.stream.prefix, forged)).rejects.toThrow();
    } finally {
      await catalogue.close().catch(() => undefined);
    }
    await until(async () => ((await readFile(logFile, 'utf8')).includes(`Publish Violation`) ? true : null), 5000, 'the server logs the refusal');
    expect(await readFile(logFile, 'utf8')).toMatch(new RegExp(`Publish Violation.*"catalogue".*${env.stream.prefix}\\.identity\\.user\\.registered|${env.stream.prefix}\\.identity\\.user\\.registered.*catalogue`));
    expect(await stored()).toBe(before);
  });
});
