import { adminOnly, requireUser, type Result } from '@lbf/service-kit';
import type { IdentityContext } from '../context';
import type { IdentityDeps } from '../deps';
import type { DataExportRequestResolvers, MutationResolvers } from '../generated/graphql';
import { adminRequestDataExport, requestDataExport } from './request-export';
import type { DataExportRequest } from './store';

const payload = (result: Result<DataExportRequest>) => (result.ok ? { request: result.value, error: null } : { request: null, error: result.error });

export function exportMutations(deps: IdentityDeps): MutationResolvers {
  return {
    requestDataExport: async (_parent, _args, ctx) => payload(await requestDataExport(deps, requireUser(ctx).userId)),
    adminRequestDataExport: adminOnly(async (args: { userId: string; reason: string }, _ctx: IdentityContext, admin) => payload(await adminRequestDataExport(deps, admin, args))),
  };
}

export const dataExportRequestFields: DataExportRequestResolvers = {
  requestedAt: (r) => r.requestedAt.toISOString(),
};
