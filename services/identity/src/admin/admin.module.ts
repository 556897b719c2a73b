import { defineModule } from '@lbf/service-kit';
import type { IdentityDeps } from '../deps';
import { purchaseTotalsConsumers } from './purchase-totals';
import { adminQuery } from './resolvers';

/** Admin: the administrators' users table, its cards and CSV export, and the purchase totals read model they sort by. */
export const adminModule = (deps: IdentityDeps) =>
  defineModule({
    name: 'admin',
    resolvers: { Query: adminQuery(deps) },
    consumers: purchaseTotalsConsumers(deps),
  });
