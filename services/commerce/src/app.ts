import { bootService, defineService, type BaseContext, type ServiceQueues, serviceHandle, type ServiceHandle } from '@lbf/service-kit';
import type { DataSource } from 'typeorm';
import { adminModule } from './admin/admin.module';
import { checkoutModule } from './checkout/checkout.module';
import { commerceSettings, type CommerceConfig } from './config';
import { createDataSource } from './database';
import type { CommerceDeps } from './deps';
import { commerceErasure } from './erasure';
import { commerceExport } from './export';
import { feedsModule } from './feeds/feeds.module';
import { operatorHealthModule } from './operator-health/operator-health.module';
import { OrderUpdates } from './orders';
import { ordersModule } from './orders/orders.module';
import { createProviderRegistry, type PaymentProvider, type ProviderName } from './providers';
import { providersModule } from './providers/providers.module';
import { purchasesModule } from './purchases/purchases.module';
import { promoModule } from './promo/promo.module';
import { payLinksModule } from './pay-links/pay-links.module';
import { giftsModule } from './gifts/gifts.module';
import { commerceRetention } from './retention';
import { COMMERCE_JOB_NAMES, type CommerceJobs } from './settlement';
import { settlementModule } from './settlement/settlement.module';
import { typeDefs } from './schema';
import { webhooksModule } from './webhooks/webhooks.module';
import { registerPaymentMetrics } from './settlement/metrics';

export interface CommerceOptions {
  /** Clients replacing the configured ones (tests). */
  providers?: Partial<Record<ProviderName, PaymentProvider>>;
  /** The clock (tests). */
  now?: () => Date;
}

export interface RunningCommerce extends ServiceHandle {
  /** Base of the webhook routes, e.g. http://127.0.0.1:1234/payments/notify. */
  notifyUrl: string;
  ds: DataSource;
  deps: CommerceDeps;
  queues: ServiceQueues<CommerceJobs>;
}

/** What commerce is on top of the kit's bootstrap: its rooms (README.md), built on one set of deps. */
export function commerceService(config: CommerceConfig, options: CommerceOptions = {}) {
  const settings = commerceSettings(config);
  return defineService<CommerceConfig, CommerceJobs, BaseContext, { deps: CommerceDeps }>({
    name: 'commerce',
    config,
    dataSource: (url, poolMax) => createDataSource(url, poolMax),
    typeDefs,
    subscriptions: true,
    jobs: { names: COMMERCE_JOB_NAMES, concurrency: 8 },
    setup({ ds, uow, bus, redis, log, enqueue, metrics }) {
      registerPaymentMetrics(metrics, ds);
      const providers = createProviderRegistry(settings.providers, options.providers);
      const deps: CommerceDeps = {
        ds,
        uow,
        log,
        config: settings,
        providers,
        updates: new OrderUpdates(redis, settings.redisKeyPrefix, log),
        redis,
        enqueue: (name, data, opts) => enqueue(name, data, opts),
        now: options.now ?? (() => new Date()),
      };
      return {
        modules: [
          providersModule(providers, log),
          feedsModule(deps, bus),
          ordersModule(deps),
          checkoutModule(deps),
          settlementModule(deps),
          webhooksModule(deps),
          adminModule(deps),
          promoModule(deps),
          payLinksModule(deps),
          giftsModule(deps),
          purchasesModule(deps),
          operatorHealthModule(deps, metrics),
          commerceRetention(deps),
          commerceErasure(deps, bus),
          commerceExport(deps, bus),
        ],
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
    ...serviceHandle(running),
    notifyUrl: `${base}/payments/notify`,
    ds: running.ds,
    deps: running.expose.deps,
    queues: running.queues as unknown as ServiceQueues<CommerceJobs>,
  };
}
