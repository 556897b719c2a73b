import { userErasureModule } from '@lbf/service-kit';
import type { MessagingDeps } from '../shared/deps';
import type { MessagingJobs } from '../shared/jobs';
import { eraseUser } from './erase-user';

/** Account deletion: identity.user.deleted (durable `messaging-user-deleted`, the kit's erasure room) erases what messaging holds (erase-user.ts). */
export const messagingErasure = (deps: Pick<MessagingDeps, 'bus' | 'uow' | 'log' | 'config' | 'now'>) =>
  userErasureModule<MessagingJobs>('messaging', { ...deps, maxDeliver: deps.config.eventMaxDeliver }, (user, tx) => eraseUser(tx, user, deps.now()));
