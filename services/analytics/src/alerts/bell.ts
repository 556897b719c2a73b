import { ok, type Result } from '@lbf/service-kit';
import type { DataSource } from 'typeorm';
import type { AdminAlertsChannel } from './channel';
import { markSaleSeen as closeSale, readAdminAlerts, type AdminAlertsView } from './store';

export interface BellDeps {
  ds: DataSource;
  channel: AdminAlertsChannel;
}

/** The bell now: open alerts per kind and the 20 newest. */
export async function readBell(deps: BellDeps): Promise<Result<AdminAlertsView>> {
  return ok(await readAdminAlerts(deps.ds));
}

/**
 * An administrator opened a sale from the bell: it closes, and every instance's bell is nudged.
 * True when it was open; other kinds close when their cause is dealt with in their service (false).
 */
export async function markSaleSeen(deps: BellDeps, alertId: string): Promise<Result<boolean>> {
  const closed = await closeSale(deps.ds, alertId, new Date());
  if (closed) await deps.channel.changed();
  return ok(closed);
}
