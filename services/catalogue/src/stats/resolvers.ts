import { adminOnly } from '@lbf/service-kit';
import type { QueryResolvers } from '../generated/graphql';
import type { CatalogueDeps } from '../shared/deps';
import { catalogueStats } from './store';

export function statsResolvers(deps: CatalogueDeps): { Query: QueryResolvers } {
  return { Query: { catalogueStats: adminOnly(() => catalogueStats(deps)) } };
}
