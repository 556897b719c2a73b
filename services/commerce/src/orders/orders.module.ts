import { defineModule } from '@lbf/service-kit';
import type { CommerceDeps } from '../deps';
import type { CommerceJobs } from '../deps';
import { orderFields, orderQueries, orderSubscriptions } from './resolvers';

/** One order as its buyer (or an administrator) sees it, and its live feed (`orderUpdated`, every instance told through Redis). */
export function ordersModule(deps: CommerceDeps) {
  return defineModule<CommerceJobs>({
    name: 'orders',
    resolvers: { Query: orderQueries(deps), Subscription: orderSubscriptions(deps), Order: orderFields(deps) },
    start: () => deps.updates.start(),
    stop: () => deps.updates.stop(),
  });
}
