import type { Resolvers } from '../generated/graphql';
import { mutationResolvers } from './mutation';
import type { Operations } from './operations';
import { userResolvers } from './user';

export type { Operations };

export function createResolvers(ops: Operations): Resolvers {
  return {
    Query: {
      me: (_parent, _args, ctx) => (ctx.auth ? ctx.loaders.user.load(ctx.auth.userId) : null),
    },
    Mutation: mutationResolvers(ops),
    User: userResolvers,
  };
}
