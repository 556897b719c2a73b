import { defineModule } from '@lbf/service-kit';
import type { AnalyticsDeps } from '../shared/deps';
import { journalConsumers } from './consumers';
import { journalResolvers } from './resolvers';

/**
 * The journal room: the administrators' actions every service records through its outbox
 * (`<service>.admin.action_recorded`), kept append-only in `admin_journal`; the « Journal » page's
 * reads and CSV. Its retention purge runs in the nightly job (statistics room), through `index.ts`.
 */
export function journalModule(deps: AnalyticsDeps) {
  return defineModule({
    name: 'journal',
    resolvers: journalResolvers({ manager: deps.ds.manager, siteTimezone: deps.settings.siteTimezone, retentionDays: deps.settings.adminJournalRetentionDays }),
    consumers: journalConsumers(deps),
  });
}
