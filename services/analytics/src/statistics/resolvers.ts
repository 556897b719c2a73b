import { scoped, unwrap } from '@lbf/service-kit';
import type { QueryResolvers } from '../generated/graphql';
import { adminStatistics, type ReadStatisticsDeps } from './read-statistics';

/** The back-office's statistics: administrators only, checked here on every call. */
export function statisticsResolvers(deps: ReadStatisticsDeps): { Query: QueryResolvers } {
  return {
    Query: {
      adminStatistics: scoped('statistics:read', async (args) => unwrap(await adminStatistics(deps, args))),
    },
  };
}
