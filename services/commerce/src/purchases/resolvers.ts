import { requireSelfOrAdmin } from '@lbf/service-kit';
import type { DataSource } from 'typeorm';
import type { UserResolvers } from '../generated/graphql';
import { ordersOf, totalsOf } from './loaders';

/** `User.purchases`, `purchaseCount`, `totalSpent`: self or administrator (visitors UNAUTHENTICATED, other customers FORBIDDEN). */
export function userFields(ds: DataSource): UserResolvers {
  return {
    __resolveReference: (ref) => ({ id: ref.id }),
    purchases: async (user, _args, ctx) => {
      requireSelfOrAdmin(ctx, user.id);
      return ordersOf(ds, ctx, user.id);
    },
    purchaseCount: async (user, _args, ctx) => {
      requireSelfOrAdmin(ctx, user.id);
      return (await totalsOf(ds, ctx, user.id)).purchaseCount;
    },
    totalSpent: async (user, _args, ctx) => {
      requireSelfOrAdmin(ctx, user.id);
      return (await totalsOf(ds, ctx, user.id)).totalSpent;
    },
  };
}
