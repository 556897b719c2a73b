import { createHarness, gatewayHeaders, until, type TestUser } from '@lbf/service-kit/testing';
import { startCommerce, type CommerceOptions, type RunningCommerce } from '../src/app';
import type { CommerceConfig } from '../src/config';
import { providerConfigsFrom, type PaymentProvider, type ProviderName } from '../src/providers';
import { checkoutFactories } from './factories/checkout';
import { feedsFactories } from './factories/feeds';
import { FakeProvider, WEBHOOK_KEY } from './fake-provider';

export { CHECK_PAYMENT, ORDER, ORDER_FIELDS, START_CHECKOUT } from './factories/checkout';
export { WEBHOOK_KEY, until };

/** Sandbox-like settings for every provider: what fromEnv gives with PAYMENT_SANDBOX_URL. */
export function sandboxProviders(sandboxUrl: string, webhookKey: string, windowMs: Partial<Record<ProviderName, number>> = {}): CommerceConfig['providers'] {
  return providerConfigsFrom({ PAYMENT_SANDBOX_URL: sandboxUrl, PAYMENT_SANDBOX_WEBHOOK_KEY: webhookKey }, { windowMs });
}

export interface CommerceHarnessOptions {
  config?: Partial<CommerceConfig>;
  /** Clients replacing the fakes (or, with `fake: false`, the configured ones). */
  providers?: Partial<Record<ProviderName, PaymentProvider>>;
  /** false: the configured clients (e.g. against the sandbox) rather than the fakes. */
  fake?: boolean;
  now?: CommerceOptions['now'];
}

/**
 * One test file's commerce on the kit's harness: its own database copy, stream and Redis prefix;
 * fake providers by default (or the real clients against a sandbox URL), and the modules' factories.
 */
export async function commerceHarness(opts: CommerceHarnessOptions = {}) {
  const fakes = {
    orange: new FakeProvider('orange', 10 * 60_000),
    mtn: new FakeProvider('mtn', 5 * 60_000),
    notchpay: new FakeProvider('notchpay', 3 * 3600_000),
  };
  const providers = opts.fake === false ? opts.providers : { ...fakes, ...opts.providers };
  const h = await createHarness<CommerceConfig, RunningCommerce>(
    {
      service: 'commerce',
      config: (base) => ({
        ...base,
        usdXafRate: 656,
        publicUrl: 'http://localhost:4000',
        notifyUrl: 'http://localhost:4000/payments/notify',
        providers: sandboxProviders('http://127.0.0.1:9', WEBHOOK_KEY),
        pollDelaysMs: [200, 300, 500],
      }),
      start: (config) => startCommerce(config, { providers, now: opts.now }),
    },
    opts.config,
  );
  const base = {
    ...h,
    fakes,
    /** A GraphQL call as this user (null: a visitor), to the first replica unless `url` says another. */
    gql: (query: string, variables: Record<string, unknown> = {}, user?: TestUser | null, url = h.app.url) => h.as(user ?? null, url).gql(query, variables),
    /** The gateway's headers (its secret, and the user's token when given), for HTTP and WebSocket calls. */
    headers: (user?: TestUser | null) => gatewayHeaders(h.env.subgraphSecret, user?.token ?? null),
  };
  return { ...base, ...feedsFactories(h), ...checkoutFactories(base) };
}

export type CommerceHarness = Awaited<ReturnType<typeof commerceHarness>>;
