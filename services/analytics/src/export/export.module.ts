import { userExportModule } from '@lbf/service-kit';
import type { AnalyticsDeps } from '../shared/deps';
import { analyticsPart } from './store';

/**
 * Data export (identity.user.export_requested, durable `analytics-export-requested`, the kit's export
 * room): the registration, purchases, lesson views and guide downloads tied to the person, their
 * health-data consent as analytics applies it, and why no page visit is theirs (store.ts).
 */
export const analyticsExport = (deps: Pick<AnalyticsDeps, 'bus' | 'uow' | 'log' | 'settings'>) =>
  userExportModule('analytics', { ...deps, maxDeliver: deps.settings.eventMaxDeliver }, (request, { manager }) => analyticsPart(manager, request.userId));
