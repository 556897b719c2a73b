import { requireAdmin, type BaseContext } from '@lbf/service-kit';

/**
 * An administrator's field: the kit's requireAdmin refuses visitors (401) and customers (403)
 * before anything runs. The args come from the field the resolver is assigned to (inferred from
 * codegen's MutationResolvers / QueryResolvers).
 */
export const adminOnly =
  <A, R>(fn: (args: A, ctx: BaseContext, adminId: string) => Promise<R> | R) =>
  (_: unknown, args: A, ctx: BaseContext) =>
    fn(args, ctx, requireAdmin(ctx).userId);
