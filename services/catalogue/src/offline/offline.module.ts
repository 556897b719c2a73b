import { defineModule, idempotentConsumers, type EventBus, type Logger, type UnitOfWork } from '@lbf/service-kit';
import type { CatalogueJobs } from '../media';
import type { CatalogueDeps } from '../shared/deps';
import { offlineResolvers } from './resolvers';
import { liftBan, recordBan } from './store';

/** identity.user.banned / unbanned → who is banned now, read at each renewal. Stored by NATS: never rename. */
export const OFFLINE_BANS_CONSUMER = 'catalogue-offline-bans';
export const OFFLINE_UNBANS_CONSUMER = 'catalogue-offline-unbans';

/**
 * Offline lessons (issue 25 point 2): the licences of offline copies (offline_licences), granted to
 * an owner and renewed every 14 days while the phone is online; a refund, a ban (from identity's
 * events, through the kit's inbox) or the account's erasure stops the renewal.
 */
export const offlineModule = (deps: Pick<CatalogueDeps, 'ds'> & { bus: EventBus; uow: UnitOfWork; log: Logger; maxDeliver?: number }) =>
  defineModule<CatalogueJobs>({
    name: 'offline',
    resolvers: offlineResolvers(deps),
    consumers: idempotentConsumers(
      deps,
      { 'identity.user.banned': OFFLINE_BANS_CONSUMER, 'identity.user.unbanned': OFFLINE_UNBANS_CONSUMER },
      {
        'identity.user.banned': async ({ data }, { manager }) => recordBan(manager, data.userId, new Date(data.bannedAt)),
        'identity.user.unbanned': async ({ data }, { manager }) => liftBan(manager, data.userId, new Date(data.unbannedAt)),
      },
    ),
  });
