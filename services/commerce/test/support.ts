import { events, makeEnvelope, publishEnvelope, type EventSubject } from '@lbf/proto-events';
import {
  collectEvents,
  createTestEnvironment,
  gatewayHeaders,
  gql as kitGql,
  until,
  type EventCollector,
  type TestUser,
} from '@lbf/service-kit/testing';
import { connect, type NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import { startCommerce, type CommerceOptions, type RunningCommerce } from '../src/app';
import type { CommerceConfig } from '../src/config';
import { providerConfigsFrom } from '../src/providers';
import type { PaymentProvider, ProviderName } from '../src/providers/port';
import { FakeProvider, WEBHOOK_KEY } from './fake-provider';

export const ORDER_FIELDS = `id itemId itemType itemTitle buyerId buyerEmail status method receiptNumber completedAt
  amount { usdCents xaf }
  attempt { id method status reference providerReference phone operatorTransactionId failureCode failureMessage authorizationUrl hint expiresAt settledAt }
  attempts { id status }`;

export const START_CHECKOUT = `mutation Start($input: StartCheckoutInput!) { startCheckout(input: $input) { order { ${ORDER_FIELDS} } error { code message field } } }`;
export const CHECK_PAYMENT = `mutation Check($orderId: ID!) { checkPayment(orderId: $orderId) { order { ${ORDER_FIELDS} } error { code message } } }`;
export const ORDER = `query Order($id: ID!) { order(id: $id) { ${ORDER_FIELDS} } }`;

/** Sandbox-like settings for every provider: what fromEnv gives with PAYMENT_SANDBOX_URL. */
export function sandboxProviders(sandboxUrl: string, webhookKey: string, windowMs: Partial<Record<ProviderName, number>> = {}): CommerceConfig['providers'] {
  return providerConfigsFrom({ PAYMENT_SANDBOX_URL: sandboxUrl, PAYMENT_SANDBOX_WEBHOOK_KEY: webhookKey }, { windowMs });
}

export { WEBHOOK_KEY };

/**
 * One test file's commerce: its own database copy, stream and Redis prefix; fake providers by
 * default (or the real clients against a sandbox URL), a NATS connection to publish catalogue events.
 */
export async function setupCommerce(opts: { config?: Partial<CommerceConfig>; providers?: Partial<Record<ProviderName, PaymentProvider>>; fake?: boolean; now?: CommerceOptions['now'] } = {}) {
  const env = await createTestEnvironment();
  const fakes = {
    orange: new FakeProvider('orange', 10 * 60_000),
    mtn: new FakeProvider('mtn', 5 * 60_000),
    notchpay: new FakeProvider('notchpay', 3 * 3600_000),
  };
  const config: CommerceConfig = {
    ...env.baseConfig('commerce'),
    usdXafRate: 656,
    publicUrl: 'http://localhost:4000',
    notifyUrl: 'http://localhost:4000/payments/notify',
    providers: sandboxProviders('http://127.0.0.1:9', WEBHOOK_KEY),
    pollDelaysMs: [200, 300, 500],
    ...opts.config,
  };
  const providers = opts.fake === false ? opts.providers : { ...fakes, ...opts.providers };
  const apps: RunningCommerce[] = [];
  const start = async (more: Partial<CommerceConfig> = {}) => {
    const app = await startCommerce({ ...config, ...more }, { providers, now: opts.now });
    apps.push(app);
    return app;
  };
  const app = await start();
  const nc: NatsConnection = await connect({ servers: config.natsUrl });
  const collectors: EventCollector[] = [];

  const publish = async (subject: EventSubject, data: Record<string, unknown>) => {
    const envelope = makeEnvelope({ subject, version: events[subject].version, producer: 'test', data });
    await publishEnvelope(nc.jetstream(), env.stream.prefix, envelope);
  };

  const ctx = {
    env,
    app,
    apps,
    config,
    fakes,
    nc,
    sql: env.sql,
    start,
    newUser: (o?: { admin?: boolean }) => env.newUser(o),
    headers: (user?: TestUser | null) => gatewayHeaders(env.subgraphSecret, user?.token ?? null),
    gql: <T = Record<string, any>>(query: string, variables: Record<string, unknown> = {}, user?: TestUser | null, url = app.url) => // eslint-disable-line @typescript-eslint/no-explicit-any
      kitGql<T>(url, query, variables, gatewayHeaders(env.subgraphSecret, user?.token ?? null)),
    publish,
    /** Puts an item on the price list through the catalogue's event, and waits until commerce has it. */
    async publishItem(item: { itemId?: string; itemType?: 'video' | 'pdf'; title?: string; priceCents?: number; subject?: EventSubject; occurredAt?: string } = {}) {
      const itemId = item.itemId ?? randomUUID();
      const occurredAt = item.occurredAt ?? new Date().toISOString();
      await publish(item.subject ?? 'catalogue.item.published', {
        itemId,
        itemType: item.itemType ?? 'video',
        title: item.title ?? 'Les plantes du sommeil',
        priceCents: item.priceCents ?? 359,
        currency: 'USD',
        occurredAt,
      });
      await until(async () => {
        const r = await env.sql.query(`SELECT 1 FROM commerce.price_list WHERE item_id = $1 AND occurred_at >= $2`, [itemId, occurredAt]);
        return r.rowCount ? true : null;
      }, 5000, 'price list row');
      return itemId;
    },
    async registerBuyer(user: TestUser, email = `buyer-${user.userId.slice(0, 8)}@example.com`) {
      await publish('identity.user.registered', {
        userId: user.userId,
        email,
        firstName: 'Awa',
        lastName: 'Ngo',
        phone: null,
        registeredAt: new Date().toISOString(),
        origin: 'sign-up',
      });
      await until(async () => ((await env.sql.query(`SELECT 1 FROM commerce.buyers WHERE user_id = $1`, [user.userId])).rowCount ? true : null), 5000, 'buyer');
      return email;
    },
    async startCheckout(user: TestUser | null, input: Record<string, unknown>) {
      const res = await ctx.gql(START_CHECKOUT, { input: { consentImmediateAccess: true, ...input } }, user);
      if (res.errors) throw new Error(JSON.stringify(res.errors));
      return res.data!.startCheckout as { order: Record<string, any> | null; error: { code: string; message: string; field: string | null } | null }; // eslint-disable-line @typescript-eslint/no-explicit-any
    },
    async order(id: string) {
      const res = await ctx.gql(ORDER, { id }, env.newUser({ admin: true }));
      return res.data!.order as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    },
    async events(subjects: EventSubject[]) {
      const c = await collectEvents(env.stream, subjects);
      collectors.push(c);
      return c;
    },
    async teardown() {
      for (const c of collectors) await c.stop();
      for (const a of apps.reverse()) await a.stop();
      await nc.close();
      await env.cleanup();
    },
  };
  return ctx;
}

export type CommerceTestContext = Awaited<ReturnType<typeof setupCommerce>>;
export { until };
