import { batchLoader, perRequest, requireSelfOrAdmin, type AuthContext } from '@lbf/service-kit';
import type { DataSource } from 'typeorm';
import type { DataExport, UserResolvers } from '../generated/graphql';
import type { MessagingDeps } from '../shared/deps';
import { downloadUrl } from './assemble';
import { EXPORT_SERVICES } from '@lbf/proto-events';
import { latestExports, type ExportRow } from './store';

const loaderFor = perRequest((ds: DataSource) => batchLoader((ids) => latestExports(ds.manager, ids), null as ExportRow | null));

/** An export as User.dataExport shows it; an archive past its time shows as none (the purge job deletes it soon after). */
export function dataExportView(deps: Pick<MessagingDeps, 'config'>, row: ExportRow, now: Date, forThePerson: boolean): DataExport | null {
  if (row.status === 'ready' && row.expiresAt && row.expiresAt <= now) return null;
  const ready = row.status === 'ready';
  return {
    id: row.id,
    status: row.status === 'ready' ? 'READY' : row.status === 'failed' ? 'FAILED' : 'PREPARING',
    partsReady: ready ? EXPORT_SERVICES.length : row.partsReady,
    partsTotal: EXPORT_SERVICES.length,
    requestedAt: row.requestedAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    byAdministrator: row.requestedBy !== null,
    downloadUrl: ready && forThePerson ? downloadUrl(deps, row.id) : null,
  };
}

/**
 * `User.dataExport`: their latest export, for the person themself and administrators (others
 * FORBIDDEN); the download link for the person alone, never an administrator.
 */
export function userDataExportResolvers(deps: MessagingDeps): UserResolvers {
  return {
    dataExport: async (user, _args, ctx) => {
      const auth = requireSelfOrAdmin(ctx as AuthContext, user.id);
      const row = await loaderFor(ctx, deps.ds).load(user.id);
      return row ? dataExportView(deps, row, deps.now(), auth.userId === user.id) : null;
    },
  };
}
