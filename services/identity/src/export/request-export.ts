import { fail, ok, recordAdminAction, type AdminActor, type Result, type Tx } from '@lbf/service-kit';
import type { IdentityDeps } from '../deps';
import { CODES, userError, validationError } from '../shared/errors';
import { messages } from '../shared/messages';
import { journalTarget, userById } from '../shared/user';
import { adminExportRequest, EXPORT_INTERVAL_HOURS, hoursBeforeNextExport } from './rules';
import { insertExport, lockForExport, type DataExportRequest } from './store';

/** Who asked: the person (requestedBy null) or an administrator on their behalf, with why. */
interface ExportAsk {
  userId: string;
  requestedBy: string | null;
  reason: string | null;
}

/**
 * Records an export request in the caller's transaction, with `identity.user.export_requested`
 * (each service then publishes its part, messaging assembles and mails the link). One per person per
 * EXPORT_INTERVAL_HOURS, whoever asks: a second is refused with how long to wait. The account's row
 * is locked first, so two requests at once make one.
 */
async function recordExport(deps: Pick<IdentityDeps, 'log'>, { manager, emit }: Tx, ask: ExportAsk): Promise<Result<DataExportRequest>> {
  const account = await lockForExport(manager, ask.userId);
  if (!account) return fail(validationError('userId', messages.userNotFound));
  const wait = hoursBeforeNextExport(account.lastRequestedAt, new Date());
  if (wait !== null) return fail(userError(CODES.RATE_LIMITED, messages.exportTooSoon(EXPORT_INTERVAL_HOURS, wait)));
  const created = await insertExport(manager, ask);
  await emit('identity.user.export_requested', { exportId: created.id, userId: ask.userId, requestedBy: ask.requestedBy, requestedAt: created.requestedAt.toISOString() });
  deps.log.info({ exportId: created.id, userId: ask.userId, requestedBy: ask.requestedBy }, 'data export requested');
  return ok(created);
}

/** « Demander l'export »: the signed-in person asks for their own data (the archive is mailed to them alone). */
export function requestDataExport(deps: IdentityDeps, userId: string): Promise<Result<DataExportRequest>> {
  return deps.uow.run((tx) => recordExport(deps, tx, { userId, requestedBy: null, reason: null }));
}

/**
 * « Exporter les données »: an administrator asks on a person's behalf (they asked by e-mail), with a
 * reason. The archive still goes to the person's own address, never to the administrator. The
 * journal records it (`user.data_exported`) in the same transaction, with the reason.
 */
export async function adminRequestDataExport(deps: IdentityDeps, admin: AdminActor, input: { userId: string; reason: string }): Promise<Result<DataExportRequest>> {
  const request = adminExportRequest(input);
  if (!request.ok) return request;
  const { userId, reason } = request.value;
  return deps.uow.run(async (tx) => {
    const recorded = await recordExport(deps, tx, { userId, requestedBy: admin.userId, reason });
    if (recorded.ok) await recordAdminAction(tx, admin, 'user.data_exported', journalTarget(await userById(tx.manager, userId)), { reason, exportId: recorded.value.id });
    return recorded;
  });
}
