import { EXPORT_SERVICES, RETENTION, type EventData, type ExportService } from '@lbf/proto-events';
import { afterCommit, type Tx } from '@lbf/service-kit';
import { dispatchMail, loadSiteIdentity, queueMail } from '../mail';
import { signedIdToken } from '../newsletter/tokens';
import type { MessagingDeps } from '../shared/deps';
import { findUser } from '../users';
import { buildArchive } from './archive';
import { lockExport, partsOf, savePart, storeArchive } from './store';

/** Signs download links of archives (never valid as a newsletter token). */
export const EXPORT_TOKEN_LABEL = 'data-export';
/** The public path of an archive's download (the gateway relays it here). */
export const DOWNLOAD_PATH = '/donnees/export';

export function downloadUrl(deps: Pick<MessagingDeps, 'config'>, exportId: string): string {
  return `${deps.config.publicUrl}${DOWNLOAD_PATH}/${signedIdToken(deps.config.mailLinkSecret, EXPORT_TOKEN_LABEL, exportId)}`;
}

/**
 * A piece of one service's part arrived (`<service>.user.export_part_ready`): stored under the
 * export (created by the first piece), then, once every piece of all five parts is in, the archive is made (buildArchive), kept
 * RETENTION.exportArchiveHours, and the person is mailed the link, all in this transaction with the
 * inbox row. The export's row is locked first, so the last two parts arriving at once make one archive.
 */
export async function receivePart(deps: MessagingDeps, service: ExportService, data: EventData<'identity.user.export_part_ready'>, tx: Tx): Promise<void> {
  const { manager } = tx;
  const row = await lockExport(manager, data);
  if (row.status !== 'preparing') return deps.log.info({ exportId: data.exportId, service, status: row.status }, 'export part after the export ended: ignored');
  await savePart(manager, data.exportId, service, data);
  const parts = await partsOf(manager, data.exportId);
  if (!EXPORT_SERVICES.every((s) => parts.has(s))) return;
  const now = deps.now();
  const site = await loadSiteIdentity(deps, manager);
  const archive = await buildArchive(parts, site, row.requestedAt, now);
  const expiresAt = new Date(now.getTime() + RETENTION.exportArchiveHours * 3_600_000);
  await storeArchive(manager, data.exportId, archive, now, expiresAt);
  deps.log.info({ exportId: data.exportId, userId: data.userId, bytes: archive.length }, 'data export archive ready');
  const user = await findUser(manager, data.userId);
  if (!user) return deps.log.warn({ exportId: data.exportId }, 'data export of a user messaging does not know: no mail (the dashboard links it)');
  const id = await queueMail(manager, {
    purpose: 'data_export',
    dedupeKey: data.exportId,
    to: user.email,
    subject: 'Vos données sont prêtes',
    data: { firstName: user.firstName, downloadUrl: downloadUrl(deps, data.exportId), expiresAt: expiresAt.toISOString(), byAdministrator: data.requestedBy !== null },
  });
  if (id) await afterCommit(manager, () => dispatchMail(deps, [id]));
}
