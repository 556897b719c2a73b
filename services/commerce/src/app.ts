import { bootService, defineService, type BaseContext, type ServiceQueues } from '@lbf/service-kit';
import type { DataSource } from 'typeorm';
import type { CommerceConfig } from './config';
import { createDataSource } from './database';
import { BUYERS_CONSUMER, PRICE_LIST_CONSUMERS, startBuyersConsumer, startPriceListConsumer } from './events/consumers';
import { COMMERCE_JOB_NAMES, commerceJobHandlers, SWEEP_EVERY_MS, SWEEP_SCHEDULER, type CommerceJobs } from './jobs/commerce-jobs';
import { OrderUpdates } from './live/order-updates';
import type { CommerceDeps } from './operations/deps';
import { createProviderRegistry } from './operations/providers';
import { mountWebhookRoutes } from './operations/webhooks';
import type { PaymentProvider, ProviderName } from './providers/port';
import { createResolvers } from './resolvers';
import { typeDefs } from './schema';

export interface CommerceOptions {
  /** Clients replacing the configured ones (tests). */
  providers?: Partial<Record<ProviderName, PaymentProvider>>;
  /** The clock (tests). */
  now?: () => Date;
}

export interface RunningCommerce {
  url: string;
  wsUrl: string;
  port: number;
  /** Base of the webhook routes, e.g. http://127.0.0.1:1234/payments/notify. */
  notifyUrl: string;
  ds: DataSource;
  deps: CommerceDeps;
  queues: ServiceQueues<CommerceJobs>;
  stop(): Promise<void>;
}

/** What commerce is on top of the kit's bootstrap: providers, price list, checkout, settlement, webhooks, poller. */
export function commerceService(config: CommerceConfig, options: CommerceOptions = {}) {
  return defineService<CommerceConfig, CommerceJobs, BaseContext, { deps: CommerceDeps }>({
    name: 'commerce',
    config,
    dataSource: (url) => createDataSource(url),
    typeDefs,
    subscriptions: true,
    jobs: { names: COMMERCE_JOB_NAMES, concurrency: 8 },
    async setup({ ds, uow, bus, redis, log, enqueue, onShutdown }) {
      const updates = new OrderUpdates(redis, config.redisKeyPrefix ?? 'lbf', log);
      await updates.start();
      onShutdown('order updates', () => updates.stop());
      const providers = createProviderRegistry(config, options.providers);
      log.info({ providers: providers.list().map((p) => ({ name: p.name, sandbox: p.sandbox })) }, 'payment methods offered');
      const deps: CommerceDeps = { ds, uow, log, config, providers, updates, enqueue: (name, data, opts) => enqueue(name, data, opts), now: options.now ?? (() => new Date()) };
      return {
        resolvers: createResolvers(deps),
        routes: (app) => mountWebhookRoutes(app, deps),
        consumers: [
          ...(Object.keys(PRICE_LIST_CONSUMERS) as Array<keyof typeof PRICE_LIST_CONSUMERS>).map((subject) => ({
            name: PRICE_LIST_CONSUMERS[subject],
            start: () => startPriceListConsumer(subject, { bus, uow, log, maxDeliver: config.eventMaxDeliver }),
          })),
          { name: BUYERS_CONSUMER, start: () => startBuyersConsumer({ bus, uow, log, maxDeliver: config.eventMaxDeliver }) },
        ],
        jobHandlers: commerceJobHandlers(deps),
        jobSchedules: [{ id: SWEEP_SCHEDULER, name: 'sweep-pending', repeat: { every: SWEEP_EVERY_MS } }],
        expose: { deps },
      };
    },
  });
}

/** Boots commerce in this process (what main does, and what the tests call). */
export async function startCommerce(config: CommerceConfig, options: CommerceOptions = {}): Promise<RunningCommerce> {
  const running = await bootService(commerceService(config, options));
  const base = running.url.replace(/\/graphql$/, '');
  return {
    url: running.url,
    wsUrl: running.wsUrl,
    port: running.port,
    notifyUrl: `${base}/payments/notify`,
    ds: running.ds,
    deps: running.expose.deps,
    queues: running.queues as unknown as ServiceQueues<CommerceJobs>,
    stop: async () => void (await running.stop()),
  };
}
