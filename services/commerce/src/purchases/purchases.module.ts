import { defineModule } from '@lbf/service-kit';
import type { CommerceDeps } from '../deps';
import type { CommerceJobs } from '../deps';
import { userFields } from './resolvers';

/** What commerce adds to identity's User: purchases (the history), purchaseCount and totalSpent, batched per `_entities` call. */
export function purchasesModule(deps: CommerceDeps) {
  return defineModule<CommerceJobs>({ name: 'purchases', resolvers: { User: userFields(deps.ds) } });
}
