import { userErasureModule, type EventBus } from '@lbf/service-kit';
import type { CommerceDeps } from '../deps';
import type { CommerceJobs } from '../settlement';
import { eraseBuyer } from './erase-buyer';

/** Account deletion: identity.user.deleted (durable `commerce-user-deleted`, the kit's erasure room) pseudonymises the buyer (erase-buyer.ts). */
export const commerceErasure = (deps: Pick<CommerceDeps, 'uow' | 'log' | 'config'>, bus: EventBus) =>
  userErasureModule<CommerceJobs>('commerce', { bus, uow: deps.uow, log: deps.log, maxDeliver: deps.config.eventMaxDeliver }, (user, { manager }) => eraseBuyer(manager, user));
