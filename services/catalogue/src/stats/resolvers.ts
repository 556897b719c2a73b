import type { QueryResolvers } from '../generated/graphql';
import type { CatalogueDeps } from '../shared/deps';
import { adminOnly } from '../shared/guards';
import { catalogueStats } from './store';

export function statsResolvers(deps: CatalogueDeps): { Query: QueryResolvers } {
  return { Query: { catalogueStats: adminOnly(() => catalogueStats(deps)) } };
}
