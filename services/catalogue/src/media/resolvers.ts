import { adminOnly, toPayload } from '@lbf/service-kit';
import type { MutationResolvers, QueryResolvers, UploadTicketResolvers } from '../generated/graphql';
import type { CatalogueDeps } from '../shared/deps';
import { iso } from '../shared/iso';
import { createUpload } from './uploads';

/** Uploads: administrators only (requireAdmin refuses visitors 401 and customers 403 before anything runs). */
export function mediaResolvers(deps: CatalogueDeps): { Query: QueryResolvers; Mutation: MutationResolvers; UploadTicket: UploadTicketResolvers } {
  return {
    Query: {
      uploadLimits: adminOnly(() => deps.limits),
    },
    Mutation: {
      createUpload: adminOnly(async (a, _ctx, admin) => toPayload('upload', await createUpload(deps, admin.userId, a.input))),
    },
    UploadTicket: {
      expiresAt: (t) => iso(t.expiresAt),
    },
  };
}
