import type { Resolvers } from '../generated/graphql';
import type { CatalogueDeps } from '../operations/deps';
import { mutationResolvers } from './mutation';
import { queryResolvers } from './query';
import { typeResolvers } from './types';

/** Thin: arguments go to operations/, which validate with zod and apply the rules of domain/. */
export function createResolvers(deps: CatalogueDeps): Resolvers {
  return {
    Query: queryResolvers(deps),
    Mutation: mutationResolvers(deps),
    ...typeResolvers(deps),
  };
}
