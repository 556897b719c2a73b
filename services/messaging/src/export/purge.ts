import type { MessagingDeps } from '../shared/deps';
import { deleteExpiredExports, failStaleExports } from './store';

/**
 * Every 15 minutes: archives past their time deleted; exports still missing a part after `staleMs`
 * ended as failed, each with `messaging.user.export_failed` in the same transaction, so that identity
 * stops counting it in the person's one export a day and « Mes données » may ask again.
 */
export async function purgeExports(deps: Pick<MessagingDeps, 'ds' | 'uow' | 'now'>, staleMs: number): Promise<{ deleted: number; failed: number }> {
  const now = deps.now();
  const deleted = await deleteExpiredExports(deps.ds.manager, now);
  const failed = await deps.uow.run(async ({ manager, emit }) => {
    const rows = await failStaleExports(manager, new Date(now.getTime() - staleMs));
    for (const row of rows) await emit('messaging.user.export_failed', { exportId: row.id, userId: row.userId, failedAt: now.toISOString() });
    return rows.length;
  });
  return { deleted, failed };
}
