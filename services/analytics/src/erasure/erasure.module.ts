import { userErasureModule } from '@lbf/service-kit';
import type { AnalyticsDeps } from '../shared/deps';
import { pseudonymiseUserRows } from './store';

/**
 * Account deletion (identity.user.deleted, durable `analytics-user-deleted`, the kit's erasure room):
 * the registration, purchases, video views and downloads tied to the user are pseudonymised (store.ts);
 * the rollups, counters and charts stay as they were. Page visits are an anonymous visitor id's,
 * never tied to an account: they follow their own retention (13 months).
 */
export const analyticsErasure = (deps: Pick<AnalyticsDeps, 'bus' | 'uow' | 'log' | 'settings'>) =>
  userErasureModule('analytics', { ...deps, maxDeliver: deps.settings.eventMaxDeliver }, async (user, { manager }) => ({ counts: await pseudonymiseUserRows(manager, user.userId) }));
