import { defineModule, type Logger } from '@lbf/service-kit';
import type { CommerceJobs } from '../deps';
import type { ProviderRegistry } from './registry';
import { providerQueries } from './resolvers';

/** The payment providers' clients (Orange Money, MTN MoMo, NotchPay), and the methods they offer. */
export function providersModule(providers: ProviderRegistry, log: Logger) {
  return defineModule<CommerceJobs>({
    name: 'providers',
    resolvers: { Query: providerQueries(providers) },
    start: async () => log.info({ providers: providers.list().map((p) => ({ name: p.name, sandbox: p.sandbox })) }, 'payment methods offered'),
  });
}
