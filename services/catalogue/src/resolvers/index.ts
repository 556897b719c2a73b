import type { Resolvers } from '../generated/graphql';
import type { CatalogueDeps } from '../shared/deps';
import { requestLoaders } from '../entitlements/entitlements';
import { mutationResolvers } from './mutation';
import { queryResolvers } from './query';
import { typeResolvers } from './types';

/** Thin: arguments go to operations/, which validate with zod and apply the rules of domain/. */
export function createResolvers(deps: CatalogueDeps): Resolvers {
  // Per-request batching of the viewer's entitlements and of entity references.
  const loaders = requestLoaders(deps);
  return {
    Query: queryResolvers(deps, loaders),
    Mutation: mutationResolvers(deps),
    ...typeResolvers(deps, loaders),
  };
}
