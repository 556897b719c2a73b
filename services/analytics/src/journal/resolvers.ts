import { adminOnly, unwrap } from '@lbf/service-kit';
import type { QueryResolvers } from '../generated/graphql';
import { adminJournal, adminJournalFilters, exportAdminJournalCsv, type ReadJournalDeps } from './read-journal';

/** The « Journal »: administrators only (adminOnly refuses visitors and customers); read-only, no mutation exists. */
export function journalResolvers(deps: ReadJournalDeps): { Query: QueryResolvers } {
  return {
    Query: {
      adminJournal: adminOnly(async (args) => unwrap(await adminJournal(deps, args))),
      adminJournalFilters: adminOnly(() => adminJournalFilters(deps)),
      exportAdminJournalCsv: adminOnly(async (args) => unwrap(await exportAdminJournalCsv(deps, args))),
    },
  };
}
