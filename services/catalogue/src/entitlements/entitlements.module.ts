import { defineModule, type EventBus, type Logger, type UnitOfWork } from '@lbf/service-kit';
import { startEntitlementsConsumers, type OnRevoked } from './consumers';
import type { Ownership } from './ownership';
import { entitlementResolvers } from './resolvers';

/**
 * Entitlements: what each customer owns, kept from commerce's purchase events (grants, refunds),
 * and the viewer's `purchased` on videos and PDFs.
 */
export const entitlementsModule = (deps: { bus: EventBus; uow: UnitOfWork; log: Logger; maxDeliver?: number; ownership: Ownership; onRevoked?: OnRevoked }) =>
  defineModule({
    name: 'entitlements',
    resolvers: entitlementResolvers(deps.ownership),
    consumers: startEntitlementsConsumers({ bus: deps.bus, uow: deps.uow, log: deps.log, maxDeliver: deps.maxDeliver, onRevoked: deps.onRevoked }),
  });
